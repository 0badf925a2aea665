"""The file cache lists (and so culls) the very files Django's own listing finds, and writes
entries Django's own file cache reads."""

import os

from django.core.cache.backends.filebased import FileBasedCache

from shen_site.file_cache import ListingFileBasedCache


def test_it_lists_what_djangos_glob_lists(tmp_path):
    ours = ListingFileBasedCache(str(tmp_path), {"OPTIONS": {"MAX_ENTRIES": 1000}})
    django = FileBasedCache(str(tmp_path), {})
    for number in range(5):
        ours.set(f"key-{number}", number)
    for name in (".hidden.djcache", "tmpabc123", "notes.txt"):
        (tmp_path / name).write_text("x")
    (tmp_path / "sub.djcache").mkdir()
    assert sorted(ours._list_cache_files()) == sorted(django._list_cache_files())
    assert len(ours._list_cache_files()) == 6


def test_a_missing_directory_lists_nothing(tmp_path):
    assert ListingFileBasedCache(str(tmp_path / "gone"), {})._list_cache_files() == []


def test_writes_beyond_max_entries_still_cull(tmp_path):
    cache = ListingFileBasedCache(str(tmp_path), {"OPTIONS": {"MAX_ENTRIES": 10}})
    for number in range(30):
        cache.set(f"key-{number}", number)
    assert len(cache._list_cache_files()) <= 10


def test_entries_are_written_uncompressed_and_read_as_djangos(tmp_path):
    ours = ListingFileBasedCache(str(tmp_path), {})
    django = FileBasedCache(str(tmp_path), {})
    page = b'{"results": ["' + b"a card's document, " * 2000 + b'"]}'
    ours.set("page", ("generation", page), 60)
    assert os.path.getsize(ours._key_to_file("page")) > len(page)  # stored, not compressed
    assert django.get("page") == ("generation", page)
    assert ours.touch("page", 120) and django.get("page") == ("generation", page)
    django.set("theirs", page)
    assert ours.get("theirs") == page
