"""Matches and simulations arrive with later issues."""
