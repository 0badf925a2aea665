"""Top-level URLs: each app owns its pages; the JSON API lives under /api/."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.templatetags.static import static
from django.urls import include, path
from django.utils.functional import lazy
from django.views.generic import RedirectView
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from decks.views.accounts import PasswordResetView

# Django's password reset, on the site's templates (templates/registration/), rate-limited.
password_reset = [
    path("password-reset/", PasswordResetView.as_view(), name="password_reset"),
    path(
        "password-reset/sent/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
]

# Django's error pages minus their CSRF check, which reads a body that may not parse.
handler400 = "shen_site.error_pages.bad_request"
handler403 = "shen_site.error_pages.permission_denied"
handler404 = "shen_site.error_pages.page_not_found"
handler500 = "shen_site.error_pages.server_error"

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # Swagger UI from drf-spectacular-sidecar's static files: no CDN, no web fonts. The split
    # view serves its start-up script as a file, so the Content-Security-Policy needs no inline.
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    path("api/", include("cards.api.urls")),
    path("api/", include("decks.api.urls")),
    path("api/", include("games.matches.api.urls")),
    path("api/", include("games.simulations.api.urls")),
    path("api/", include("games.scenarios.api")),
    path("accounts/", include(password_reset)),
    path("accounts/", include("decks.accounts_urls")),
    # For clients that ask for /favicon.ico without reading the page's icon link.
    path(
        "favicon.ico",
        RedirectView.as_view(url=lazy(static, str)("img/favicon.svg"), permanent=True),
    ),
    path("decks/", include("decks.urls")),
    path("rules/", include("games.rules.urls")),
    path("games/", include("games.matches.urls")),
    path("simulations/", include("games.simulations.urls")),
    path("", include("cards.urls")),
]
