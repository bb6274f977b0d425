"""Writing a file atomically renames a new file over the old one; a device or pipe given as the target (as in
``screenshot --out /dev/null``) must be written into instead, never replaced by a plain file."""

from __future__ import annotations

import os
import stat
import threading

import pytest

from game.errors import WriteError
from game.storage import write_atomic


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_write_atomic__a_pipe_is_written_into_and_stays_a_pipe(tmp_path) -> None:
    pipe = tmp_path / "out"
    os.mkfifo(pipe)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(pipe.read_bytes()), daemon=True)
    reader.start()
    write_atomic(pipe, "sparrow")
    reader.join(timeout=10)
    assert got == [b"sparrow"]
    assert stat.S_ISFIFO(os.stat(pipe).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]  # no temporary file left beside it


def test_write_atomic__a_folder_in_the_files_place_is_refused_with_its_name(tmp_path) -> None:
    folder = tmp_path / "settings.yaml"
    folder.mkdir()
    with pytest.raises(WriteError, match="the settings"):
        write_atomic(folder, "x", what="the settings")
    assert folder.is_dir()
