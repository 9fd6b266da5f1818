//! Numbers as text, byte for byte as Rust's `{}` writes them, several times
//! faster: exports write hundreds of thousands of them.
//!
//! Rust's `Display` for `f64` prints the shortest digits that read back to
//! the same number, never in exponent form (`1e-7` is `0.0000001`, `1.0` is
//! `1`). Ryu finds the same shortest digits (both pick, among the shortest,
//! the one nearest the exact value) but writes exponents past some range
//! and always a `.0`; [`write_f64`] takes Ryu's digits and lays them out the
//! way `Display` does. The two break exact ties differently (a number
//! exactly halfway between two shortest candidates, such as
//! 1149636667324797.25), so numbers that could be such a tie go to
//! `Display` itself; no probability the solver writes is one. The tests
//! compare the two on millions of numbers.

/// Append `x` as `format!("{x}")` would.
#[inline]
pub fn write_f64(out: &mut Vec<u8>, x: f64) {
    if !x.is_finite() || !tie_free(x) {
        out.extend_from_slice(format!("{x}").as_bytes());
        return;
    }
    let mut buffer = ryu::Buffer::new();
    let text = buffer.format_finite(x).as_bytes();
    // Ryu writes an exponent only outside [1e-5, 1e16): no scan inside it.
    let plain = x == 0.0 || (1e-5..1e16).contains(&x.abs());
    let exponent_at = if plain {
        None
    } else {
        text.iter().position(|&c| c == b'e')
    };
    let Some(e) = exponent_at else {
        // "0.5" stays, "1.0" loses its ".0" (as does "-0.0").
        let text = text.strip_suffix(b".0").unwrap_or(text);
        out.extend_from_slice(text);
        return;
    };
    // "d.ddde-X" or "de-X" or "d.ddde+X": the digits, and the power of ten
    // of the first one.
    let (mantissa, exponent) = (&text[..e], &text[e + 1..]);
    let (negative, mantissa) = match mantissa.strip_prefix(b"-") {
        Some(rest) => (true, rest),
        None => (false, mantissa),
    };
    let exponent: i32 = std::str::from_utf8(exponent)
        .ok()
        .and_then(|e| e.parse().ok())
        .expect("ryu writes a decimal exponent");
    let mut digits = [0u8; 17];
    let mut count = 0;
    for &c in mantissa.iter().filter(|c| c.is_ascii_digit()) {
        digits[count] = c;
        count += 1;
    }
    let digits = &digits[..count];
    if negative {
        out.push(b'-');
    }
    if exponent < 0 {
        out.extend_from_slice(b"0.");
        out.extend(std::iter::repeat_n(b'0', (-exponent - 1) as usize));
        out.extend_from_slice(digits);
    } else {
        let whole = exponent as usize + 1;
        if digits.len() <= whole {
            out.extend_from_slice(digits);
            out.extend(std::iter::repeat_n(b'0', whole - digits.len()));
        } else {
            out.extend_from_slice(&digits[..whole]);
            out.push(b'.');
            out.extend_from_slice(&digits[whole..]);
        }
    }
}

/// Whether `x` cannot lie exactly halfway between two decimals of its
/// shortest length. A tie at `m <= 17` digits needs the exact value of `x`
/// to have `m + 1 <= 18` significant digits. With `x = M * 2^E`, `M` odd and
/// `E < 0`, the exact digits are those of `M * 5^-E`, at least
/// `(bits(M) - 1) log10 2 + (-E) log10 5` of them; integers below 2^53
/// are their own shortest form.
fn tie_free(x: f64) -> bool {
    let bits = x.abs().to_bits();
    let (exponent, fraction) = ((bits >> 52) as i32, bits & ((1 << 52) - 1));
    let (m, e) = if exponent == 0 {
        (fraction, -1074)
    } else {
        (fraction | 1 << 52, exponent - 1075)
    };
    if m == 0 {
        return true;
    }
    let (m, e) = (m >> m.trailing_zeros(), e + m.trailing_zeros() as i32);
    if e >= 0 {
        return x.abs() < 9_007_199_254_740_992.0;
    }
    let bits = 64 - m.leading_zeros();
    let digits = f64::from(bits - 1) * std::f64::consts::LOG10_2 + f64::from(-e) * 0.698_970_004;
    digits > 19.5
}

/// Append an integer as `{}` would.
#[inline]
pub fn write_int(out: &mut Vec<u8>, x: impl itoa::Integer) {
    out.extend_from_slice(itoa::Buffer::new().format(x).as_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;

    /// -1149636667324797.25, exactly halfway between the two shortest
    /// candidates ...797.2 and ...797.3 (a literal would be rounded by lint).
    const TIE: f64 = -1149636667324797.0 - 0.25;

    fn check(x: f64) {
        let mut out = Vec::new();
        write_f64(&mut out, x);
        assert_eq!(String::from_utf8(out).unwrap(), format!("{x}"), "{x:e}");
    }

    /// Probabilities take the fast path: the fallback is for ties only.
    #[test]
    fn probabilities_are_tie_free() {
        assert!(tie_free(0.0) && tie_free(1.0) && tie_free(0.30000000000000004));
        assert!(tie_free(1.0 / 3.0) && tie_free(0.123456789));
        assert!(!tie_free(0.5) && !tie_free(TIE) && !tie_free(1e300));
    }

    #[test]
    fn worked_examples() {
        for (x, text) in [
            (0.0, "0"),
            (-0.0, "-0"),
            (1.0, "1"),
            (0.5, "0.5"),
            (1e-7, "0.0000001"),
            (1.25e-20, "0.0000000000000000000125"),
            (123456789.0, "123456789"),
            (1e21, "1000000000000000000000"),
            (1.5e17, "150000000000000000"),
            (0.1 + 0.2, "0.30000000000000004"),
            (5e-324, &format!("{}", 5e-324)),
            (TIE, "-1149636667324797.3"),
        ] {
            let mut out = Vec::new();
            write_f64(&mut out, x);
            assert_eq!(String::from_utf8(out).unwrap(), text);
            check(x);
        }
        for x in [
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::MAX,
            f64::MIN_POSITIVE,
        ] {
            check(x);
        }
        let mut out = Vec::new();
        write_int(&mut out, 4_294_967_295u32);
        assert_eq!(out, b"4294967295");
    }

    /// Random bit patterns (every exponent) and random probabilities (what
    /// exports write): the same text as `{}`.
    #[test]
    fn random_numbers_read_as_display_writes_them() {
        let mut state = 0x2545f4914f6cdd1du64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..300_000 {
            check(f64::from_bits(next()));
            // Numbers with few binary digits after the point: ties.
            let short = (next() >> 20) as f64 / (1u64 << (next() % 30)) as f64;
            check(short);
            check(-short);
            check((next() >> 11) as f64 / (1u64 << 53) as f64);
            // Products of probabilities, as the sweep makes them.
            let p = (next() % 7776) as f64 / 7776.0;
            check(p * (1.0 - p) / 3.0);
        }
    }
}
