//! Number helpers shared by the rule components.

/// The ones digit: `x % 10`.
pub fn ones(x: u32) -> u32 {
    x % 10
}

/// The tens digit: `(x / 10) % 10` (0 for single-digit numbers).
pub fn tens(x: u32) -> u32 {
    (x / 10) % 10
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
