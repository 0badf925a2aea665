"""Who may do what with decks through the API."""

from rest_framework.permissions import SAFE_METHODS, BasePermission
from rest_framework.request import Request
from rest_framework.views import APIView

from decks.models import Deck


class IsDeckOwnerOrReadOnly(BasePermission):
    """Anyone who can see a deck may read it; only its owner may change or delete it."""

    def has_object_permission(self, request: Request, view: APIView, obj: Deck) -> bool:
        return request.method in SAFE_METHODS or obj.owner_id == request.user.pk
