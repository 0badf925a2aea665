"""Throttle counts in files (without Redis): atomic appends, one folder per window."""

import multiprocessing

from shen_site.file_counts import FileCounts


def test_each_request_counts_one_per_key_and_window(tmp_path):
    counts = FileCounts(tmp_path)
    assert [counts.count("anon:10.0.0.1", 60, 7) for _ in range(3)] == [1, 2, 3]
    assert counts.count("anon:10.0.0.2", 60, 7) == 1
    assert counts.count("anon:10.0.0.1", 3600, 7) == 1  # another period, another count


def test_a_new_window_starts_at_one_and_removes_the_earlier_ones(tmp_path):
    counts = FileCounts(tmp_path)
    for window in (5, 6):
        counts.count("anon:10.0.0.1", 60, window)
    counts.count("reset:ada@example.test", 3600, 1)
    assert counts.count("anon:10.0.0.1", 60, 8) == 1
    assert sorted(path.name for path in tmp_path.iterdir()) == ["3600s-1", "60s-8"]


def test_any_key_is_a_file_name(tmp_path):
    counts = FileCounts(tmp_path)
    assert counts.count("../../etc/passwd:2001:db8::1", 60, 1) == 1
    assert [path.parent for path in tmp_path.rglob("*") if path.is_file()] == [tmp_path / "60s-1"]


def _count_many(directory: str, times: int) -> int:
    counts = FileCounts(directory)
    return max(counts.count("anon:198.51.100.1", 60, 1) for _ in range(times))


def test_workers_counting_at_once_lose_no_count(tmp_path):
    # Four processes, as four gunicorn workers, counting one client at the same time.
    with multiprocessing.get_context("fork").Pool(4) as pool:
        highest = pool.starmap(_count_many, [(str(tmp_path), 200)] * 4)
    assert max(highest) == 800
    assert FileCounts(tmp_path).count("anon:198.51.100.1", 60, 1) == 801
