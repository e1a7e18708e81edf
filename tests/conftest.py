from collections.abc import Callable
from pathlib import Path

import pytest


def pytest_addoption(parser):
    parser.addoption("--regenerate-golden", action="store_true",
                     help="Rewrite the golden files under tests/golden/ from the current output.")


@pytest.fixture
def regenerate(request) -> bool:
    return request.config.getoption("--regenerate-golden")


@pytest.fixture
def golden(regenerate) -> Callable[[Path, str], None]:
    """Compare a text with its golden file. Only --regenerate-golden writes one: a missing golden
    fails, since a test that writes what it then compares with could never fail."""
    def compare(path: Path, text: str) -> None:
        if regenerate:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        if not path.exists():
            pytest.fail(f"golden file {path} is missing; run pytest --regenerate-golden to record it")
        assert path.read_text(encoding="utf-8") == text, f"{path.name} changed; run pytest --regenerate-golden if intended"
    return compare


@pytest.fixture(autouse=True)
def state_home(tmp_path_factory, monkeypatch) -> None:
    """pnp's state folder (the desk's drafts, the files it saved last) in the test run's temporary
    folder, never the user's."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path_factory.getbasetemp() / "state"))
