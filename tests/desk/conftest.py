"""The desk's browser fixtures: one Chromium and one desk per test module, a page per test."""

import pytest

from pnp.cli.desk import targets_for
from tests.desk.browsing import ARGS, CHROMIUM, SIZES, serving, watched


@pytest.fixture(scope="module")
def desk(tmp_path_factory):
    """A desk started without a file, as `pnp desk` in an empty folder: each game saves to a new
    file there."""
    targets, _ = targets_for(None, tmp_path_factory.mktemp("desk"))
    with serving(targets) as url:
        yield url, targets


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    if not CHROMIUM.exists():
        pytest.skip(f"no browser: {CHROMIUM} is missing (apt-get install chromium)")
    with sync_api.sync_playwright() as playwright:
        try:
            chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        except Exception as error:  # present but broken: a failure, not a reason to skip
            pytest.fail(f"{CHROMIUM} is there but does not start: {str(error).splitlines()[0]}")
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser, desk, request):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    with watched(context, desk[0] + "#" + getattr(request, "param", "kingdom-builder")) as page:
        yield page
    context.close()


@pytest.fixture(params=list(SIZES))
def context(browser, request):
    context = browser.new_context(viewport=SIZES[request.param])
    yield context
    context.close()
