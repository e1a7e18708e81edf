# What pnp calls of pypdfium2 (the package ships no py.typed marker): a document from PDF bytes,
# its pages rendered to bitmaps read as numpy arrays.
from collections.abc import Callable

import numpy as np
import numpy.typing as npt

class PdfBitmap:
    def to_numpy(self) -> npt.NDArray[np.uint8]: ...

class PdfPage:
    def render(self, scale: float = 1, rotation: int = 0, crop: tuple[float, float, float, float] = (0, 0, 0, 0),
               may_draw_forms: bool = True, bitmap_maker: Callable[..., PdfBitmap] = ..., color_scheme: object = None,
               fill_to_stroke: bool = False, *, fill_color: tuple[int, int, int, int] = (255, 255, 255, 255),
               prefer_bgrx: bool = False) -> PdfBitmap: ...  # the last two go on to the bitmap's maker
    def close(self) -> None: ...

class PdfDocument:
    def __init__(self, input: bytes | str, password: str | None = None, autoclose: bool = False) -> None: ...
    def __getitem__(self, index: int) -> PdfPage: ...
    def __len__(self) -> int: ...
    def close(self) -> None: ...
