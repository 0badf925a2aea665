"""Accounts at /accounts/: the account page, sign up, and Django's log in and log out."""

from django.contrib.auth import views as auth_views
from django.urls import path

from decks.views.accounts import account, signup

urlpatterns = [
    path("", account, name="account"),
    path("signup/", signup, name="signup"),
    path("login/", auth_views.LoginView.as_view(redirect_authenticated_user=True), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
]
