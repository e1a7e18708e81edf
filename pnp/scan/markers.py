"""Scan markers: four cards laid at the board's corners so a photo needs no --corners.

Each card carries an ArUco marker (OpenCV's 4x4 dictionary, ids 0-3) and is laid with its inner
corner against one corner of the board's bounding box: id 0 at the top-left, 1 at the top-right,
2 at the bottom-left, 3 at the bottom-right; its tab names the corner and the place of the board
nearest it. The marker bits are written out here so printing a kit needs no OpenCV; a test checks
them against OpenCV.
"""

from __future__ import annotations

from typing import Any

from pnp.draw import Drawing, Item, Paint, Rect, Text
from pnp.render.i18n import Catalog

# The 4x4 payload of ArUco DICT_4X4_50 markers 0-3, row by row, 1 = black.
MARKER_BITS = (
    ("0100", "1010", "1100", "1101"),
    ("1111", "0000", "0110", "0101"),
    ("1100", "1100", "1101", "0010"),
    ("0110", "0110", "1011", "1001"),
)
CELL_MM = 5.0
MARKER_MM = 6 * CELL_MM    # the black square: the payload and a one-cell black border
CARD_MM = MARKER_MM + 2 * CELL_MM  # a one-cell white quiet zone all round
TAB_MM = 9.0               # the label strip, on the side away from the board


def marker_cells(marker_id: int) -> list[list[bool]]:
    """The 6x6 cells of a marker, border included; True is black."""
    inner = MARKER_BITS[marker_id]
    return [[True] * 6] + [[True] + [bit == "1" for bit in row] + [True] for row in inner] + [[True] * 6]


def marker_card(marker_id: int, t: Catalog, place: str) -> Drawing:
    """One card to cut out: the marker in its quiet zone, and a tab naming its corner and the
    board's `place` there, on the side away from the board (above for the top corners, below for
    the bottom ones). The game's catalog `t` words it: `scan.marker` ({hex}: the place, {corner})
    and `scan.corner.0` to `scan.corner.3`."""
    top = marker_id < 2  # cards for the top corners have their tab above, away from the board
    card_y = TAB_MM if top else 0.0
    tab_y = 0.0 if top else CARD_MM
    items: list[Item] = []  # on white paper: the quiet zone is the paper itself
    x0, y0 = CELL_MM, card_y + CELL_MM
    for row, cells in enumerate(marker_cells(marker_id)):
        for col, black in enumerate(cells):
            if black:
                items.append(Rect(x0 + col * CELL_MM, y0 + row * CELL_MM, CELL_MM, CELL_MM, Paint(fill="#000000")))
    label = t("scan.marker", corner=t(f"scan.corner.{marker_id}"), hex=place)
    items.append(Text(2, tab_y + 0.5, CARD_MM - 4, TAB_MM - 1, label, 8))
    cut = Rect(0, 0, CARD_MM, CARD_MM + TAB_MM, Paint(stroke="#000000", width=0.2))
    return Drawing(f"scan-marker-{marker_id}", CARD_MM, CARD_MM + TAB_MM, tuple(items), cut)


def marker_cards(t: Catalog, places: tuple[str, ...]) -> tuple[Drawing, ...]:
    """The four cards; `places`: the board's four places by the top-left, top-right, bottom-left
    and bottom-right corners."""
    return tuple(marker_card(marker_id, t, place) for marker_id, place in enumerate(places))


def find_board_box(image: Any) -> Any | None:
    """The four corners of the board's bounding box (top-left, top-right, bottom-left,
    bottom-right) from the markers in an RGB image, as a 4x2 array; None unless all four
    markers are found."""
    import cv2
    import numpy as np

    grey = cv2.cvtColor(image, cv2.COLOR_RGB2GRAY)
    scale = min(1.0, 2000 / max(grey.shape))  # markers stay large enough; detection gets fast
    small = cv2.resize(grey, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) if scale < 1 else grey
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50),
                                       cv2.aruco.DetectorParameters())
    found, ids, _ = detector.detectMarkers(small)
    if ids is None:
        return None
    quads: dict[int, Any] = {}
    for quad, marker_id in zip(found, ids.ravel()):
        if int(marker_id) < 4:
            quads.setdefault(int(marker_id), quad.reshape(4, 2) / scale)
    if len(quads) < 4:
        return None
    middle = np.mean([quad.mean(axis=0) for quad in quads.values()], axis=0)
    box = []
    for marker_id in range(4):
        # The card's corner in marker cells: the black square spans 0..6, the card -1..7.
        to_image = cv2.getPerspectiveTransform(np.array([[0, 0], [6, 0], [6, 6], [0, 6]], dtype=np.float32),
                                               np.array(quads[marker_id], dtype=np.float32))
        corners = cv2.perspectiveTransform(np.array([[[-1, -1], [7, -1], [7, 7], [-1, 7]]], dtype=np.float32), to_image)[0]
        box.append(corners[np.argmin(np.linalg.norm(corners - middle, axis=1))])
    return np.array(box, dtype=float)
