"""bench/bots.py --record: a rung's games kept across runs count only for the same
rung, budget and engine."""

from bench.bots import Played, Record


def _game(index: int, score: float) -> Played:
    return Played(index, score, "anchors", 12, 30.5, ((120.0, 130.0), (90.5, 99.0)))


def test_recorded_games_come_back_as_they_were_played_but_for_decision_times(tmp_path):
    book = Record(tmp_path / "ladder.jsonl", "search vs greedy 200 playouts", "tree-a tree-b")
    book.add(_game(0, 1.0))
    book.add(_game(1, 0.5))
    assert book.games() == {
        0: Played(0, 1.0, "anchors", 12, 30.5, ()),
        1: Played(1, 0.5, "anchors", 12, 30.5, ()),
    }


def test_games_of_another_engine_or_rung_do_not_count(tmp_path):
    path = tmp_path / "ladder.jsonl"
    Record(path, "search vs greedy 200 playouts", "old-tree").add(_game(0, 1.0))
    Record(path, "greedy vs random", "tree").add(_game(1, 1.0))
    assert Record(path, "search vs greedy 200 playouts", "tree").games() == {}


def test_no_file_yet_means_no_games(tmp_path):
    assert Record(tmp_path / "none.jsonl", "greedy vs random", "tree").games() == {}
