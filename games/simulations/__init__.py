"""Simulations: bot-vs-bot jobs run on Celery workers (services, kinds and their
parameters, the games played, figures, charts, exports, the pages and the API)."""
