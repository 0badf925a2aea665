from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Matches and simulations"

    def ready(self) -> None:
        # The tasks are queued by name (games.task_queue): register them in every process.
        from games import tasks  # noqa: F401
