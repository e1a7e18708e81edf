"""Where the bundled data folders are: inside the installed wheel, or beside the source tree."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import jinja2

_PACKAGE = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """`boards` or `templates`: shipped as pnp/_data/NAME, kept at the repository's top level."""
    installed = _PACKAGE / "_data" / name
    return installed if installed.is_dir() else _PACKAGE.parent / name


@lru_cache(maxsize=None)
def _templates() -> jinja2.Environment:
    """One environment for every text template: it compiles each template once."""
    import jinja2

    from pnp.yamlout import quoted

    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(data_dir("templates"))),
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
        autoescape=False,  # plain-text and YAML artefacts; values are quoted by the caller
    )
    environment.filters["yaml"] = quoted
    return environment


def render_template(name: str, **values: object) -> str:
    """Render a jinja2 text template from the templates folder."""
    return _templates().get_template(name).render(**values)
