"""Running a game's per-place nets: small convolutional nets saved as ONNX files, run by OpenCV's
dnn module (no other runtime to install), each loaded once and shared by every thread, their
readings averaged. What a net reads (its input patches, its classes) is the game's."""

from __future__ import annotations

import threading
from functools import lru_cache
from pathlib import Path
from typing import Any


@lru_cache(maxsize=None)
def _nets(models: tuple[Path, ...]) -> tuple[Any, ...]:
    import cv2

    return tuple(cv2.dnn.readNetFromONNX(str(model)) for model in models)


_RUNNING = threading.Lock()  # the nets, shared by every thread, take one input at a time


def probabilities(models: tuple[Path, ...], inputs: Any) -> Any:
    """Per input (the first axis of `inputs`), the probability of each class, by the nets in the
    ONNX files `models`, each giving its classes' log-probabilities (or scores that differ from them
    by a constant per input): their log-probabilities averaged (their geometric mean, made to sum
    to one)."""
    import numpy as np

    patches = np.ascontiguousarray(inputs)
    total = np.zeros((), np.float64)  # each net's scores added on
    with _RUNNING:
        for net in _nets(models):
            net.setInput(patches)
            total = total + net.forward().astype(np.float64)
    # The mean of the nets' scores is the mean of their log-probabilities but for a constant per input.
    logits = total / len(models)
    odds = np.exp(logits - logits.max(axis=1, keepdims=True))
    return odds / odds.sum(axis=1, keepdims=True)
