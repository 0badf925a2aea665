"""The match API under /api/matches/ (DRF, in the OpenAPI schema)."""
