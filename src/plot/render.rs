//! The public ways out of a picture: one drawing, sent to the backend of
//! each output format, so the PNG and the SVG always show the same thing.

use plotters::drawing::DrawingAreaErrorKind;
use plotters::prelude::*;

use super::draw::draw;
use super::pixels::Pixels;
use super::{DrawError, Layout, Plot};

fn draw_error<E: std::error::Error + Send + Sync>(e: DrawingAreaErrorKind<E>) -> DrawError {
    DrawError(e.to_string())
}

/// Draw `plot` into an RGB buffer of `layout.width x layout.height` pixels.
pub fn render_rgb(plot: &Plot, layout: &Layout) -> Result<Vec<u8>, DrawError> {
    check_goal(plot, layout)?;
    let mut buffer = vec![0u8; layout.width as usize * layout.height as usize * 3];
    {
        let pixels = BitMapBackend::with_buffer(&mut buffer, (layout.width, layout.height));
        let root = Pixels(pixels).into_drawing_area();
        draw(&root, plot, layout).map_err(draw_error)?;
        root.present().map_err(draw_error)?;
    }
    Ok(buffer)
}

/// Draw `plot` as PNG bytes.
pub fn render_png(plot: &Plot, layout: &Layout) -> Result<Vec<u8>, DrawError> {
    let rgb = render_rgb(plot, layout)?;
    encode_png(&rgb, layout.width, layout.height)
}

/// Draw `plot` as an SVG document.
pub fn render_svg(plot: &Plot, layout: &Layout) -> Result<String, DrawError> {
    check_goal(plot, layout)?;
    let mut text = String::new();
    {
        let root =
            SVGBackend::with_string(&mut text, (layout.width, layout.height)).into_drawing_area();
        draw(&root, plot, layout).map_err(draw_error)?;
        root.present().map_err(draw_error)?;
    }
    Ok(text)
}

fn check_goal(plot: &Plot, layout: &Layout) -> Result<(), DrawError> {
    if plot.goal() == layout.goal {
        Ok(())
    } else {
        Err(DrawError(format!(
            "the layout is for goal {} but the plot for goal {}",
            layout.goal,
            plot.goal()
        )))
    }
}

/// RGB pixels to PNG; the encoder writes no timestamps, so equal pixels
/// give equal files.
fn encode_png(rgb: &[u8], width: u32, height: u32) -> Result<Vec<u8>, DrawError> {
    let fail = |e: png::EncodingError| DrawError(format!("PNG encoding: {e}"));
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Best);
    let mut writer = encoder.write_header().map_err(fail)?;
    writer.write_image_data(rgb).map_err(fail)?;
    writer.finish().map_err(fail)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plot::dice_color;
    use crate::rules::Rules;
    use crate::table::StrategyTable;

    #[test]
    fn a_plot_for_another_goal_is_refused() {
        let rules = Rules::preset(crate::rules::Preset::Fa24, 10).unwrap();
        let plot = Plot::policy(&rules, "always_roll(3)", StrategyTable::constant(10, 3));
        let layout = Layout::default_for(11);
        assert!(render_rgb(&plot, &layout).is_err());
        let layout = Layout::default_for(10);
        let rgb = render_rgb(&plot, &layout).unwrap();
        let (x, y) = layout.cell_center(4, 7);
        let i = (y as usize * layout.width as usize + x as usize) * 3;
        let c = dice_color(3);
        assert_eq!(&rgb[i..i + 3], &[c.0, c.1, c.2]);
    }
}
