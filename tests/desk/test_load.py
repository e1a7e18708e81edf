"""The desk under heavy work, against a real desk (uvicorn on a free port): a photo turned away as
busy is turned away on its headers alone, before its body is sent; a photo's body is counted as it
comes, its limit enforced before it has all come, and written to a file of its own, removed
whatever the end; its form and photo are read from that file in a process of its own, started off
the request loop; a Picture PDF is drawn in one of a few kept for pictures, also started off the
request loop and ended with the desk."""

import json
import socket
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

import pnp.desk.app as desk_app
import pnp.desk.aside as aside
from tests.desk.browsing import EXAMPLES, serving, watched
from tests.desk.test_browser_photo import click_corners, photo, photo_file, show_photo  # noqa: F401 (fixtures)
from tests.desk.test_workers import KB, Held, HeldAside, Requests, call, desk, example, multipart, scans_held  # noqa: F401 (desk: a fixture)


@pytest.fixture
def forms(tmp_path, monkeypatch) -> Path:
    """The folder where the desk writes the photo forms it receives (the system's temporary
    folder, here one of the test's own)."""
    import tempfile

    folder = tmp_path / "forms"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


def answer_on(sock: socket.socket) -> tuple[int, bytes]:
    """The status and the whole of the first answer that comes on `sock`."""
    sock.settimeout(10)
    got = b""
    while b"\r\n\r\n" not in got:
        chunk = sock.recv(65536)
        assert chunk, f"closed before an answer: {got!r}"
        got += chunk
    head, _, rest = got.partition(b"\r\n\r\n")
    length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:"))
    while len(rest) < length:
        rest += sock.recv(65536)
    return int(head.split(b" ")[1]), rest


def headers_only(url: str, path: str, headers: dict[str, str]) -> socket.socket:
    """A connection to the desk on which a POST's headers have been sent, and none of its body."""
    where = urlsplit(url)
    sock = socket.create_connection((where.hostname, where.port))
    lines = [f"POST {path} HTTP/1.1", f"Host: {where.netloc}", *(f"{k}: {v}" for k, v in headers.items())]
    sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
    return sock


def test_a_busy_desk_turns_a_photo_away_on_its_headers_before_its_body_is_sent(desk, monkeypatch, tmp_path):
    """With both scan places held, a third photo announcing 20 MB gets 503 and Retry-After while
    not one byte of its body has been sent: it never has to be sent (before, the desk received the
    whole body, then turned it away). Sent all the same, the body is ignored and the connection
    serves the next request; let go, the two held are read as ever."""
    url, _ = desk
    held, work, _, kind = scans_held(url, monkeypatch, tmp_path)
    size = 20_000_000
    with headers_only(url, "/api/scan", {"Content-Type": kind, "Content-Length": str(size)}) as sock:
        status, answer = answer_on(sock)
        assert status == 503 and json.loads(answer)["error"] == "busy reading other photos: try again in a few seconds"
        sock.sendall(bytes(size))  # what a client that does not wait for the answer sends
        sock.sendall(f"GET / HTTP/1.1\r\nHost: {urlsplit(url).netloc}\r\n\r\n".encode())
        status, page = answer_on(sock)
        assert status == 200 and b"<html" in page
    held.let_go()
    for status, _, answer in work.answers():
        assert status == 422 and json.loads(answer)["error"] == "notes.jpg: not a JPEG or PNG image"


def test_a_photo_sent_without_its_length_is_refused_once_past_the_limit_before_it_ends(monkeypatch, forms):
    """A photo sent in chunks (no Content-Length) is counted as it comes: at 1 KiB over the limit
    (here two photos of 64 KiB, the photo and its set-up photo, and 1 KiB of form), with more
    still to come, the desk answers 413, and what it had written of the form is gone."""
    monkeypatch.setattr(desk_app, "MAX_PHOTO", 64 * 1024)
    monkeypatch.setattr(desk_app, "MAX_BODY", 1024)
    with serving({KB.id: EXAMPLES / "first-game.yaml"}) as small:  # never saved to
        limit = 129 * 1024
        with headers_only(small, "/api/scan", {"Content-Type": "multipart/form-data; boundary=x",
                                               "Transfer-Encoding": "chunked"}) as sock:
            sock.sendall(b"%x\r\n%s\r\n" % (limit, bytes(limit)))  # at the limit: taken
            sock.sendall(b"%x\r\n%s\r\n" % (1024, bytes(1024)))  # past it; the last chunk never sent
            status, answer = answer_on(sock)
    assert status == 413 and json.loads(answer)["error"] == "Too large: the desk takes at most 129 KiB at once."
    assert not any(forms.iterdir())


@pytest.mark.parametrize("body, kind, error", [
    (b"--x\r\nContent-Disposition: form-data; name=\"game\"\r\n\r\nkingdom-builder\r\n--x--\r\n",
     "multipart/form-data; boundary=x", "no photo sent"),
    (b"not a form", "multipart/form-data", "send a form (multipart/form-data)"),
    (b"\x00" * 100, "image/jpeg", "send a form (multipart/form-data)"),
    (b"--x\r\nContent-Disposition: form-data\r\n\r\nno name\r\n--x--\r\n", "multipart/form-data; boundary=x",
     "a form field without a name"),
])
def test_a_malformed_photo_form_gets_400_with_a_message(desk, body, kind, error):
    url, _ = desk
    status, _, answer = call(url + "api/scan", body, kind)
    assert status == 400 and json.loads(answer)["error"] == error


def served_while_held(held: HeldAside, url: str, route: str, *sent) -> tuple[int, tuple]:
    """A request to `route`, held up in a process other than the desk's (its id) while the page is
    served; then let go, and its answer."""
    import os

    work = Requests()
    work.send(url + route, *sent)
    [process] = held.wait_begun()
    assert process != os.getpid()
    status, _, page = call(url, timeout=10)
    assert status == 200 and b"<html" in page
    held.let_go()
    [answer] = work.answers()
    return process, answer


def test_a_photo_is_read_in_a_process_of_its_own_as_the_service_reads_it(desk, monkeypatch, tmp_path, photo, forms):
    """While a photo's form is held up in its process, before it is parsed, the page is served;
    the process is not the desk's and runs at the desk's own priority; let go, the
    desk answers exactly what `DeskService.scan` gives for the same photo, position and corners
    (the scanner's reading, in the page's words), the process has ended (its memory given
    back) and the file the form was received into is gone."""
    import os

    from pnp.desk.service import DeskService

    url, path = desk
    held = HeldAside(monkeypatch, tmp_path, "scan_aside")
    corners = " ".join(f"{x:.1f},{y:.1f}" for x, y in photo.corners)
    jpeg = photo.encoded(".jpg", 92)
    process, (status, _, answer) = served_while_held(
        held, url, "api/scan", *multipart({"game": KB.id, "document": json.dumps(example()), "corners": corners}, jpeg, "board.jpg"))
    assert status == 200, answer
    read = DeskService(desk_app.Desk({KB.id: path})).scan(KB.id, example(), jpeg, "board.jpg", {"corners": corners})
    assert json.loads(answer) == json.loads(json.dumps(read)) and read["summary"].startswith("read 36 settlements")
    assert held.niceness() == os.nice(0)
    with pytest.raises(ProcessLookupError):
        os.kill(process, 0)
    assert not any(forms.iterdir())


def test_a_photo_form_is_received_into_a_private_file_that_its_process_reads_and_that_goes_after(desk, monkeypatch, tmp_path, forms):
    """While the photo's process is held up, the form it was sent is in one file, byte for byte,
    readable by this user alone: the process reads it there (nothing of the photo goes through
    the request loop to the process). Let go, the scanner refuses the photo (GIF bytes) as
    ever, and the file is gone."""
    url, _ = desk
    held = HeldAside(monkeypatch, tmp_path, "scan_aside")
    body, kind = multipart({"game": KB.id, "document": json.dumps(example()), "corners": "1,2 3,4 5,6 7,8"},
                           b"GIF89a not a photo")
    work = Requests()
    work.send(url + "api/scan", body, kind)
    held.wait_begun()
    [form] = forms.iterdir()
    assert form.read_bytes() == body and form.stat().st_mode & 0o777 == 0o600
    held.let_go()
    [(status, _, answer)] = work.answers()
    assert status == 422 and json.loads(answer)["error"] == "notes.jpg: not a JPEG or PNG image"
    assert not any(forms.iterdir())


def test_a_photo_that_cannot_be_kept_to_be_read_gets_507_with_a_message(desk, monkeypatch, tmp_path):
    """The temporary folder gone (as a full disk, it leaves nowhere to write the form): the desk
    says so, and goes on serving."""
    import tempfile

    url, _ = desk
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "gone"))
    status, _, answer = call(url + "api/scan", *multipart({"game": KB.id, "document": json.dumps(example())}, b"GIF89a"))
    assert status == 507
    assert json.loads(answer)["error"] == "the desk could not keep the photo to read it: No such file or directory"
    assert call(url, timeout=10)[0] == 200


def test_photos_whose_senders_go_away_halfway_leave_no_file_and_free_their_places(desk, forms):
    """Both scan places taken by photos whose senders close the connection with half of them sent:
    the files they were being received into are removed, and the next photo is read (422: not a
    photo), not turned away as busy."""
    url, _ = desk
    body, kind = multipart({"game": KB.id, "document": json.dumps(example()), "corners": "1,2 3,4 5,6 7,8"},
                           b"GIF89a not a photo" + bytes(200_000))
    half = len(body) // 2
    senders = [headers_only(url, "/api/scan", {"Content-Type": kind, "Content-Length": str(len(body))})
               for _ in range(desk_app.MAX_SCANS)]
    for sock in senders:
        sock.sendall(body[:half])
    deadline = time.monotonic() + 10
    while sorted(form.stat().st_size for form in forms.iterdir()) != [half] * desk_app.MAX_SCANS:
        assert time.monotonic() < deadline, "the halves sent never reached their files"
        time.sleep(0.01)
    for sock in senders:
        sock.close()
    deadline = time.monotonic() + 10
    while True:
        status, _, answer = call(url + "api/scan", body, kind, timeout=10)
        if status != 503 and not any(forms.iterdir()):
            break
        assert time.monotonic() < deadline, f"still {status} with {list(forms.iterdir())}"
        time.sleep(0.05)
    assert status == 422 and json.loads(answer)["error"] == "notes.jpg: not a JPEG or PNG image"


def test_the_page_is_served_while_a_photo_s_process_is_slow_to_start(desk, monkeypatch):
    """Starting a process returns once it runs: on a busy machine tens of milliseconds (up to 55 ms
    measured on a shared 2-core machine), held up here until let go. The page is served
    meanwhile (the process is started from a worker thread, not the request loop), then the
    photo is read as ever."""
    import subprocess

    url, _ = desk
    starting = Held(subprocess.Popen)
    monkeypatch.setattr(subprocess, "Popen", starting)
    work = Requests()
    work.send(url + "api/scan", *multipart({"game": KB.id, "document": json.dumps(example()), "corners": "1,2 3,4 5,6 7,8"},
                                           b"GIF89a not a photo"))
    starting.wait_begun()
    status, _, page = call(url, timeout=10)
    assert status == 200 and b"<html" in page
    starting.go.set()
    [(status, _, answer)] = work.answers()
    assert status == 422 and json.loads(answer)["error"] == "notes.jpg: not a JPEG or PNG image"


def test_a_picture_is_drawn_in_a_process_of_its_own_byte_identical_to_pnp_score(desk, monkeypatch, tmp_path):
    """While the Picture PDF is being made (held up in its process), the page is served; it is
    scored and drawn in another process than the desk's, at a lower priority (niceness 10 or
    more), and gives the very bytes that `pnp score kingdom-builder FILE --picture OUT.pdf` writes for the
    same position."""
    from typer.testing import CliRunner

    from pnp.cli.app import app as cli

    url, path = desk
    held = HeldAside(monkeypatch, tmp_path, "picture_aside")
    _, (status, headers, pdf) = served_while_held(held, url, "api/picture", {"game": KB.id, "document": example()})
    assert status == 200 and headers["content-type"] == "application/pdf"
    result = CliRunner().invoke(cli, ["score", KB.id, str(path), "--picture", str(tmp_path / "cli.pdf")])
    assert result.exit_code == 0, result.output
    assert pdf == (tmp_path / "cli.pdf").read_bytes()
    assert held.niceness() >= aside.NICENESS == 10


def test_the_page_is_served_while_a_picture_s_process_is_slow_to_start(desk, monkeypatch):
    """The first picture starts the processes kept for pictures; starting one returns once it
    runs, tens of milliseconds on a busy machine (measured on a shared 2-core machine, up to 15 ms
    for the start itself, then up to 17 ms of asyncio's handling of it, both in the loop), held
    up here until let go: every process started on this
    system, by `subprocess` (asyncio's too) or `multiprocessing`, is started by
    `_posixsubprocess.fork_exec`, under either name. The page is served meanwhile (the processes
    are started from a worker thread, not the request loop), then the picture is drawn as ever."""
    import _posixsubprocess
    import subprocess

    url, _ = desk
    starting = Held(_posixsubprocess.fork_exec)
    monkeypatch.setattr(_posixsubprocess, "fork_exec", starting)
    monkeypatch.setattr(subprocess, "_fork_exec", starting)
    work = Requests()
    work.send(url + "api/picture", {"game": KB.id, "document": example()})
    try:
        starting.wait_begun()
        status, _, page = call(url, timeout=10)
    finally:
        starting.go.set()
    assert status == 200 and b"<html" in page
    [(status, headers, pdf)] = work.answers()
    assert status == 200 and headers["content-type"] == "application/pdf" and pdf.startswith(b"%PDF")


def dying(folder: str, call, *args):
    """In a picture's process: the first call (while `folder` holds "die") ends the process at
    once, as the system would kill it; the next ones do `call(*args)`."""
    import os

    try:
        (Path(folder) / "die").unlink()
    except FileNotFoundError:
        return call(*args)
    os._exit(3)


def test_a_picture_whose_process_dies_gets_500_with_a_message_and_the_next_is_drawn(desk, monkeypatch, tmp_path):
    """A process killed while drawing (out of memory, say) leaves its picture unanswered: the desk
    says so, and the next picture gets a process that works."""
    import functools

    url, _ = desk
    (tmp_path / "die").touch()
    monkeypatch.setattr(desk_app, "picture_aside", functools.partial(dying, str(tmp_path), aside.picture_aside))
    status, _, answer = call(url + "api/picture", json.dumps({"game": KB.id, "document": example()}).encode())
    assert status == 500 and json.loads(answer)["error"] == "the work stopped before it was done (its process ended with status 3)"
    status, headers, pdf = call(url + "api/picture", json.dumps({"game": KB.id, "document": example()}).encode())
    assert status == 200 and pdf.startswith(b"%PDF")


def test_the_processes_kept_for_pictures_end_when_the_desk_stops(tmp_path, monkeypatch):
    """A picture drawn, its process kept for the next one; the desk stopped: the process has
    ended (and been waited for: not even a zombie is left)."""
    import os

    held = HeldAside(monkeypatch, tmp_path, "picture_aside")
    with serving({KB.id: EXAMPLES / "first-game.yaml"}) as url:  # never saved to
        process, (status, _, pdf) = served_while_held(held, url, "api/picture", {"game": KB.id, "document": example()})
        assert status == 200 and pdf.startswith(b"%PDF")
        os.kill(process, 0)  # kept
    with pytest.raises(ProcessLookupError):
        os.kill(process, 0)


def test_the_photo_page_says_busy_and_reads_the_photo_once_a_place_is_free(context, desk, monkeypatch, photo, photo_file, tmp_path):
    """Both scan places taken: Read the photo is answered at once with the desk's 503, shown
    beside the photo as "busy, try again", and nothing changes; once the places are free, the same
    click reads the photo into a draft."""
    url, _ = desk
    held, work, _, _ = scans_held(url, monkeypatch, tmp_path)
    with watched(context, url + "#kingdom-builder") as page:
        show_photo(page, photo_file)
        click_corners(page, photo.corners)
        page.get_by_role("button", name="Read the photo").click()
        page.wait_for_selector(".scan-message.bad")
        assert page.locator(".scan-message").inner_text() == "Not read: busy reading other photos: try again in a few seconds"
        assert page.locator("#unsaved").is_hidden() and page.locator(".undo-scan").count() == 0
        held.let_go()
        assert [status for status, _, _ in work.answers()] == [422, 422]  # theirs: not photos
        page.get_by_role("button", name="Read the photo").click()
        page.wait_for_selector(".undo-scan")
        assert page.locator(".scan-message").inner_text().endswith("The draft is on the board: confirm the marked hexes against the photo.")


def test_the_desk_s_requests_are_parsed_by_httptools_not_h11():
    """uvicorn falls back silently to h11, in Python, when httptools is missing: a 30 MB photo
    then took the request loop about 1.2 ms of its time per 256 KiB received (turned away or
    not), some 130 ms in all, in slices that the machine's other work stretched to 5-9 ms each."""
    from uvicorn.config import Config
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

    config = Config(lambda scope, receive, send: None)
    config.load()
    assert config.http_protocol_class is HttpToolsProtocol
