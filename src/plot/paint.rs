//! The one drawing primitive the heatmap and its legends share: a filled
//! pixel rectangle, and the result type of every drawing step.

use std::ops::Range;

use plotters::coord::Shift;
use plotters::drawing::DrawingAreaErrorKind;
use plotters::prelude::*;
use plotters::style::RGBColor;

/// What every drawing step returns: the backend's error, if any.
pub(super) type Drawn<DB> = Result<(), DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

/// Fill the pixels `x0..x1` by `y` (end-exclusive, as the backends fill).
pub(super) fn fill<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    (color, x0, x1): (RGBColor, i32, i32),
    y: &Range<i32>,
) -> Drawn<DB> {
    if x0 >= x1 || y.start >= y.end {
        return Ok(());
    }
    root.draw(&Rectangle::new(
        [(x0, y.start), (x1, y.end)],
        color.filled(),
    ))
}
