"""The forms the page posts (a file and a few fields, multipart/form-data), read from the whole
body at once: in a worker thread (a file opened, its body in memory, within its limit) or the
process that reads the photo (from the file the desk received it into), never in the request
loop."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from pnp.desk.service import Refused

if TYPE_CHECKING:
    from python_multipart.multipart import MultipartCallbacks


@dataclass
class Form:
    fields: dict[str, str] = field(default_factory=dict)
    files: dict[str, tuple[str, bytes]] = field(default_factory=dict)  # field -> (file name, its bytes)


@dataclass
class _Part:
    name: str = ""
    filename: str | None = None
    data: list[bytes] = field(default_factory=list)


def read_form(body: bytearray, content_type: str, most_fields: int, most_files: int) -> Form:
    """The form in `body`, which is emptied once read (its file's bytes are then held once);
    a body that is no such form is refused (400)."""
    from python_multipart.exceptions import MultipartParseError
    from python_multipart.multipart import MultipartParser, parse_options_header

    kind, options = parse_options_header(content_type)
    if kind != b"multipart/form-data" or not options.get(b"boundary"):
        raise Refused(400, "send a form (multipart/form-data)")
    form, part, header = Form(), _Part(), [b"", b""]

    def piece(data: bytes, start: int, end: int) -> bytes:
        with memoryview(data) as view:
            return view[start:end].tobytes()

    def header_end() -> None:
        name, value = header
        header[:] = [b"", b""]
        if name.lower() == b"content-disposition":
            _, disposition = parse_options_header(value)
            if b"name" not in disposition:
                raise Refused(400, "a form field without a name")
            part.name = disposition[b"name"].decode("utf-8", "replace")
            if b"filename" in disposition:
                part.filename = disposition[b"filename"].decode("utf-8", "replace")

    def part_end() -> None:
        nonlocal part
        data = b"".join(part.data)
        if part.filename is None:
            form.fields[part.name] = data.decode("utf-8", "replace")
        else:
            form.files[part.name] = (part.filename, data)
        if len(form.fields) > most_fields or len(form.files) > most_files:
            raise Refused(400, f"a form of at most {most_fields} fields and {most_files} file")
        part = _Part()

    callbacks: MultipartCallbacks = {
        "on_header_field": lambda data, start, end: header.__setitem__(0, header[0] + piece(data, start, end)),
        "on_header_value": lambda data, start, end: header.__setitem__(1, header[1] + piece(data, start, end)),
        "on_header_end": header_end,
        "on_part_data": lambda data, start, end: part.data.append(piece(data, start, end)),
        "on_part_end": part_end,
    }
    try:
        parser = MultipartParser(options[b"boundary"], callbacks)
        parser.write(body)  # type: ignore[arg-type]  # any bytes-like is read; its stub says bytes, and a copy costs a photo's size
        parser.finalize()
    except MultipartParseError:
        raise Refused(400, "the form is not well formed") from None
    finally:
        body.clear()
    return form
