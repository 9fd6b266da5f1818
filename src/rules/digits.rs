//! Number helpers shared by the rule components.

/// The ones digit: `x % 10`.
pub fn ones(x: u32) -> u32 {
    x % 10
}

/// The tens digit: `(x / 10) % 10` (0 for single-digit numbers).
pub fn tens(x: u32) -> u32 {
    (x / 10) % 10
}

/// `1 + |d0 - d1 + d2 - ...|` over the digits of `opponent³` from the ones
/// digit up: Spring 2020's Free Bacon.
pub fn cube_alternating(opponent: u32) -> u32 {
    let mut cube = u64::from(opponent).pow(3);
    let (mut sum, mut plus) = (0i64, true);
    while cube > 0 {
        let digit = (cube % 10) as i64;
        sum += if plus { digit } else { -digit };
        plus = !plus;
        cube /= 10;
    }
    1 + sum.unsigned_abs() as u32
}

/// The first and the last digit of `3^n` (`n` up to a few thousand), from
/// the exact power: Spring 2020's "excitement". A table of the first
/// digits is made once, exactly (no logarithms, whose rounding could pick
/// the wrong digit where the fraction is near a boundary).
pub fn power_of_three_ends(n: u32) -> (u32, u32) {
    static FIRST: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    let first = FIRST.get_or_init(|| first_digits_of_powers_of_three(EXCITEMENT_TABLE));
    let last = match n {
        0 => 1,
        n => [1, 3, 9, 7][(n % 4) as usize],
    };
    let first = match first.get(n as usize) {
        Some(&digit) => u32::from(digit),
        None => u32::from(first_digits_of_powers_of_three(n as usize + 1)[n as usize]),
    };
    (first, last)
}

/// How many powers of three the table of first digits holds: every score
/// sum of a game to the largest goal.
const EXCITEMENT_TABLE: usize = 4 * 2048;

/// The first digit of `3^n` for `n` below `count`, each power from the one
/// before (in limbs of nine decimal digits).
fn first_digits_of_powers_of_three(count: usize) -> Vec<u8> {
    const LIMB: u64 = 1_000_000_000;
    let mut limbs: Vec<u64> = vec![1];
    let mut first = Vec::with_capacity(count);
    for _ in 0..count {
        let mut top = *limbs.last().expect("a power has a limb");
        while top >= 10 {
            top /= 10;
        }
        first.push(top as u8);
        let mut carry = 0;
        for limb in &mut limbs {
            let product = *limb * 3 + carry;
            *limb = product % LIMB;
            carry = product / LIMB;
        }
        if carry > 0 {
            limbs.push(carry);
        }
    }
    first
}

/// The first digit of `x` (its only digit below 10).
pub fn first_digit(mut x: u32) -> u32 {
    while x >= 10 {
        x /= 10;
    }
    x
}

/// The leftmost two digits of `x`; a one-digit `x` has a 0 in front.
pub fn leading_two_digits(mut x: u32) -> (u32, u32) {
    while x >= 100 {
        x /= 10;
    }
    (x / 10, x % 10)
}

/// The smallest and the largest decimal digit of `x`.
pub fn digit_range(mut x: u64) -> (u32, u32) {
    let mut range = ((x % 10) as u32, (x % 10) as u32);
    while x >= 10 {
        x /= 10;
        let digit = (x % 10) as u32;
        range = (range.0.min(digit), range.1.max(digit));
    }
    range
}

/// The greatest common divisor (0 with 0 is 0).
pub fn gcd(mut a: u32, mut b: u32) -> u32 {
    while b > 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The digits of pi, 3 first: Fall 2020's `FIRST_101_DIGITS_OF_PI`.
const PI_DIGITS: &[u8; 101] =
    b"31415926535897932384626433832795028841971693993751058209749445923078164062862089986280348253421170679";

/// The `n`th digit of pi after the point (3, the digit before it, at 0),
/// `n` up to 100.
pub fn digit_of_pi(n: u32) -> u32 {
    u32::from(PI_DIGITS[n as usize] - b'0')
}

/// The `n`th digit of 1/7 = 0.142857... after the point, 7 at 0 (Fall
/// 2021's Picky Piggy).
pub fn digit_of_one_seventh(n: u32) -> u32 {
    match n {
        0 => 7,
        n => [1, 4, 2, 8, 5, 7][((n - 1) % 6) as usize],
    }
}

/// Spring 2022's Hefty Hogs, as the course's Python computes it: the
/// opponent's digits, ones first, each a function applied to the score
/// (its integer floor division and modulo, its floats for 8.8 and 99),
/// modulo 30; 1 when the opponent has 0. Exact for scores below 1000.
pub fn hefty_hogs(score: u32, opponent: u32) -> u32 {
    if opponent == 0 {
        return 1;
    }
    let (mut v, mut rest) = (i128::from(score), opponent);
    while rest > 0 {
        v = match rest % 10 {
            0 => v + 1,
            1 => v * v,
            2 => v * 3,
            3 => v.div_euclid(4),
            4 => v - 5,
            5 => v.rem_euclid(6),
            6 => v.rem_euclid(7) * 8,
            7 => (v as f64 * 8.8) as i128,
            8 => (v as f64 / 99.0 * 15.0) as i128 + 10,
            _ => v,
        };
        rest /= 10;
    }
    v.rem_euclid(30) as u32
}

/// Number of positive divisors of `n` (1 and `n` included); 0 for `n == 0`.
pub fn divisor_count(n: u32) -> u32 {
    let n = u64::from(n);
    let mut count = 0;
    let mut d = 1u64;
    while d * d <= n {
        if n % d == 0 {
            count += if d * d == n { 1 } else { 2 };
        }
        d += 1;
    }
    count
}

/// Whether `n` is prime.
pub fn is_prime(n: u32) -> bool {
    divisor_count(n) == 2
}

/// A number is *sus* when it has exactly 3 or 4 divisors.
pub fn is_sus(n: u32) -> bool {
    matches!(divisor_count(n), 3 | 4)
}

/// The smallest prime strictly greater than `n`.
pub fn next_prime(n: u32) -> u32 {
    (n + 1..)
        .find(|&m| is_prime(m))
        .expect("primes are unbounded")
}

/// Sus Fuss applied to one score: a sus score becomes the next prime above it.
pub fn sus_points(score: u32) -> u32 {
    if is_sus(score) {
        next_prime(score)
    } else {
        score
    }
}

/// `sus_points` for every score in `0..len`, by a divisor sieve, so the solver
/// never factors inside its sweep.
pub fn sus_table(len: usize) -> Vec<u32> {
    let mut divisors = vec![0u32; len];
    for d in 1..len {
        for multiple in (d..len).step_by(d) {
            divisors[multiple] += 1;
        }
    }
    let mut table = vec![0u32; len];
    // Walk down so the next prime above each score is known when we reach it.
    let mut next = next_prime(len.saturating_sub(1) as u32);
    for n in (0..len).rev() {
        table[n] = if matches!(divisors[n], 3 | 4) {
            next
        } else {
            n as u32
        };
        if divisors[n] == 2 {
            next = n as u32;
        }
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_of_small_and_large_numbers() {
        assert_eq!((ones(7), tens(7)), (7, 0));
        assert_eq!((ones(46), tens(46)), (6, 4));
        assert_eq!((ones(115), tens(115)), (5, 1));
        assert_eq!((ones(939), tens(939)), (9, 3));
    }

    #[test]
    fn rules_md_divisor_counts() {
        for (n, d) in [
            (1, 1),
            (2, 2),
            (9, 3),
            (28, 6),
            (64, 7),
            (72, 12),
            (97, 2),
            (99, 6),
        ] {
            assert_eq!(divisor_count(n), d, "divisors of {n}");
        }
    }

    #[test]
    fn rules_md_sus_fuss() {
        for (n, s) in [
            (1, 1),
            (21, 23),
            (25, 29),
            (62, 67),
            (64, 64),
            (67, 67),
            (75, 75),
            (86, 89),
            (100, 100),
        ] {
            assert_eq!(sus_points(n), s, "sus_points({n})");
        }
    }

    #[test]
    fn sieve_table_matches_direct_definition() {
        let table = sus_table(2000);
        for (n, &s) in table.iter().enumerate() {
            assert_eq!(s, sus_points(n as u32), "sus_points({n})");
        }
    }
}

#[cfg(test)]
mod spring_2020 {
    use super::*;

    #[test]
    fn free_bacon_by_the_course_doctests() {
        // hog.py's doctests: free_bacon(4) is 3 (64: |4 - 6| + 1), 1 is
        // 2, 20 is 9 (8000), 45 is 13 (91125: 5 - 2 + 1 - 1 + 9 = 12);
        // take_turn(0, 56) is 13 and take_turn(0, 47) is 6.
        for (opponent, points) in [(4, 3), (1, 2), (20, 9), (45, 13), (56, 13), (47, 6), (0, 1)] {
            assert_eq!(cube_alternating(opponent), points, "free_bacon({opponent})");
        }
    }

    #[test]
    fn excitement_by_the_course_doctests() {
        // is_swap(2, 4): 3^6 = 729, no; (11, 1): 531441, no; (1, 0): 3,
        // yes; (23, 4): 3^27 = 7625597484987, yes.
        let swaps = |a: u32, b: u32| {
            let (first, last) = power_of_three_ends(a + b);
            first == last
        };
        assert!(!swaps(2, 4));
        assert!(!swaps(11, 1));
        assert!(swaps(1, 0));
        assert!(swaps(23, 4));
        assert_eq!(power_of_three_ends(27), (7, 7));
        assert_eq!(power_of_three_ends(0), (1, 1));
        // 3^40 = 12157665459056928801; past the table, the same digits.
        assert_eq!(power_of_three_ends(40), (1, 1));
        let far = EXCITEMENT_TABLE as u32 + 3;
        assert_eq!(
            power_of_three_ends(far).0,
            u32::from(first_digits_of_powers_of_three(far as usize + 1)[far as usize])
        );
    }
}
