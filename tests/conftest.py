import pytest


def pytest_addoption(parser):
    parser.addoption("--regenerate-golden", action="store_true",
                     help="Rewrite the golden files under tests/golden/ from the current output.")


@pytest.fixture
def regenerate(request) -> bool:
    return request.config.getoption("--regenerate-golden")
