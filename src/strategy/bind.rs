//! Arguments to parameters, the way Python binds a call: positional
//! arguments first, in order, then keywords; one binding for every call a
//! spec or a sweep grid can make.

/// Bind `args` (each with its keyword, if any) to `params` of the function
/// `name`: the value of each parameter, or `None` where it was not given.
pub fn bind<'k, V>(
    name: &str,
    params: &[&str],
    args: impl IntoIterator<Item = (Option<&'k str>, V)>,
) -> Result<Vec<Option<V>>, String> {
    let mut values: Vec<Option<V>> = params.iter().map(|_| None).collect();
    let mut seen_keyword = false;
    for (i, (keyword, value)) in args.into_iter().enumerate() {
        let slot = match keyword {
            None if seen_keyword => {
                return Err("a positional argument cannot follow a keyword argument".into())
            }
            None if i >= params.len() => {
                return Err(match params.len() {
                    0 => format!("{name} takes no arguments"),
                    1 => format!("{name} takes 1 argument"),
                    n => format!("{name} takes at most {n} arguments"),
                })
            }
            None => i,
            Some(key) => {
                seen_keyword = true;
                params.iter().position(|p| *p == key).ok_or_else(|| {
                    format!(
                        "{name} has no parameter '{key}'; it takes {}",
                        if params.is_empty() {
                            "none".to_string()
                        } else {
                            params.join(", ")
                        }
                    )
                })?
            }
        };
        if values[slot].is_some() {
            return Err(format!("{} is given twice", params[slot]));
        }
        values[slot] = Some(value);
    }
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(args: &[(Option<&'static str>, u32)]) -> Result<Vec<Option<u32>>, String> {
        bind("f", &["a", "b"], args.iter().copied())
    }

    #[test]
    fn positions_then_keywords() {
        assert_eq!(b(&[]).unwrap(), [None, None]);
        assert_eq!(b(&[(None, 1), (None, 2)]).unwrap(), [Some(1), Some(2)]);
        assert_eq!(
            b(&[(Some("b"), 2), (Some("a"), 1)]).unwrap(),
            [Some(1), Some(2)]
        );
        assert_eq!(b(&[(None, 1), (Some("b"), 2)]).unwrap(), [Some(1), Some(2)]);
        assert_eq!(b(&[(Some("b"), 2)]).unwrap(), [None, Some(2)]);
    }

    #[test]
    fn mistakes_are_named() {
        let e = |args: &[(Option<&'static str>, u32)]| b(args).unwrap_err();
        assert_eq!(
            e(&[(None, 1), (None, 2), (None, 3)]),
            "f takes at most 2 arguments"
        );
        assert_eq!(
            e(&[(Some("c"), 1)]),
            "f has no parameter 'c'; it takes a, b"
        );
        assert_eq!(e(&[(None, 1), (Some("a"), 2)]), "a is given twice");
        assert_eq!(
            e(&[(Some("a"), 1), (None, 2)]),
            "a positional argument cannot follow a keyword argument"
        );
        assert_eq!(
            bind("g", &[], [(None, 1)]).unwrap_err(),
            "g takes no arguments"
        );
    }
}
