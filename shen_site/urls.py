"""Top-level URLs: each app owns its pages; the JSON API lives under /api/."""

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # Swagger UI from drf-spectacular-sidecar's static files: no CDN, no web fonts.
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("api/", include("cards.api.urls")),
    path("api/", include("decks.api.urls")),
    path("accounts/", include("decks.accounts_urls")),
    path("decks/", include("decks.urls")),
    path("rules/", include("games.urls")),
    path("", include("cards.urls")),
]
