"""Catalogue API routes: /api/cards/ and /api/realms/."""

from rest_framework.routers import DefaultRouter

from cards.api.views import CardViewSet, RealmViewSet

router = DefaultRouter()
router.register("cards", CardViewSet, basename="card")
router.register("realms", RealmViewSet, basename="realm")

urlpatterns = router.urls
