"""The simulation API under /api/simulations/ (DRF, in the OpenAPI schema)."""
