//! Chemical formulas as ModelSEED writes them (`C6H12O6`, `HO4P`, `C34H30FeN4O4`),
//! read into element counts.
//!
//! An element symbol is one capital letter followed by lowercase letters, so `Cl`,
//! `Ca`, `Co`, `Cu` and `Cd` are single elements, never carbon followed by
//! something, and `Na`, `Ni` and `Nb` are never nitrogen. A count is the ASCII
//! digits after a symbol (none means 1); a symbol written twice (`CH3COOH`) counts
//! once with the sum. Anything else (parentheses, charges, spaces, a leading
//! digit, a count too large for `u32`) makes the formula unreadable.
//!
//! ```
//! use tool_error_examples::gem_flux::formula::Formula;
//!
//! let glucose = Formula::parse("C6H12O6").unwrap();
//! assert_eq!(glucose.count("C"), 6);
//! assert!(!Formula::parse("NaCl").unwrap().contains("N"));
//! assert!(Formula::parse("C6(H2O)6").is_none());
//! ```

use std::collections::BTreeMap;

/// The elements of a formula with how many atoms of each; elements with a zero
/// count are left out.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Formula {
    elements: BTreeMap<String, u32>,
}

impl Formula {
    /// Reads `text` (see the module documentation); `None` when it is not a plain
    /// sequence of element symbols and counts. The empty formula has no elements.
    pub fn parse(text: &str) -> Option<Formula> {
        let mut elements = BTreeMap::<String, u32>::new();
        let mut rest = text;
        while let Some(first) = rest.chars().next() {
            if !first.is_ascii_uppercase() {
                return None;
            }
            let symbol_len = 1 + rest[1..].bytes().take_while(u8::is_ascii_lowercase).count();
            let (symbol, after_symbol) = rest.split_at(symbol_len);
            let count_len = after_symbol.bytes().take_while(u8::is_ascii_digit).count();
            let (digits, after_count) = after_symbol.split_at(count_len);
            let count = if digits.is_empty() {
                1
            } else {
                digits.parse::<u32>().ok()?
            };
            let total = elements.entry(symbol.to_owned()).or_insert(0);
            *total = total.checked_add(count)?;
            rest = after_count;
        }
        elements.retain(|_, count| *count > 0);
        Some(Formula { elements })
    }

    /// How many atoms of `element` (its exact symbol, e.g. `C` or `Cl`) the formula
    /// has.
    pub fn count(&self, element: &str) -> u32 {
        self.elements.get(element).copied().unwrap_or(0)
    }

    /// Whether the formula has at least one atom of `element`.
    pub fn contains(&self, element: &str) -> bool {
        self.count(element) > 0
    }

    /// The element symbols, in alphabetical order.
    pub fn elements(&self) -> impl Iterator<Item = &str> {
        self.elements.keys().map(String::as_str)
    }
}

#[cfg(test)]
mod tests {
    use super::Formula;

    fn elements(text: &str) -> Vec<(String, u32)> {
        let formula = Formula::parse(text).unwrap_or_else(|| panic!("{text} parses"));
        formula
            .elements()
            .map(|symbol| (symbol.to_owned(), formula.count(symbol)))
            .collect()
    }

    fn pairs(expected: &[(&str, u32)]) -> Vec<(String, u32)> {
        expected.iter().map(|(s, n)| (s.to_string(), *n)).collect()
    }

    #[test]
    fn counts_follow_symbols() {
        assert_eq!(elements("C6H12O6"), pairs(&[("C", 6), ("H", 12), ("O", 6)]));
        assert_eq!(elements("HO4P"), pairs(&[("H", 1), ("O", 4), ("P", 1)]));
        assert_eq!(elements("H4N"), pairs(&[("H", 4), ("N", 1)]));
        assert_eq!(
            elements("C34H30FeN4O4"),
            pairs(&[("C", 34), ("Fe", 1), ("H", 30), ("N", 4), ("O", 4)])
        );
        assert_eq!(elements("Fe"), pairs(&[("Fe", 1)]));
    }

    #[test]
    fn two_letter_symbols_are_not_carbon_or_nitrogen() {
        for text in ["CaCl2", "CoCl2", "CuSO4", "CdS", "NaCl", "NiSO4", "Nb2O5"] {
            let formula = Formula::parse(text).unwrap();
            assert!(!formula.contains("C"), "{text} has no carbon");
            assert!(!formula.contains("N"), "{text} has no nitrogen");
        }
        let sodium_cyanide = Formula::parse("NaCN").unwrap();
        assert_eq!(sodium_cyanide.count("Na"), 1);
        assert_eq!(sodium_cyanide.count("C"), 1);
        assert_eq!(sodium_cyanide.count("N"), 1);
    }

    #[test]
    fn repeated_symbols_add_up_and_zero_counts_vanish() {
        assert_eq!(elements("CH3COOH"), pairs(&[("C", 2), ("H", 4), ("O", 2)]));
        assert_eq!(elements("C0H2O"), pairs(&[("H", 2), ("O", 1)]));
        assert!(!Formula::parse("C0H2O").unwrap().contains("C"));
        assert_eq!(elements(""), pairs(&[]));
    }

    #[test]
    fn anything_else_is_unreadable() {
        for text in [
            "c6h12o6",
            "6C",
            "C6H12O6-",
            "C6 H12",
            "(C6H10O5)n",
            "H2O+",
            "C99999999999",
            "Ç",
        ] {
            assert_eq!(Formula::parse(text), None, "{text:?}");
        }
        // A sum past u32::MAX is unreadable too, not wrapped.
        assert_eq!(Formula::parse("C4294967295C1"), None);
        assert_eq!(Formula::parse("C4294967295").unwrap().count("C"), u32::MAX);
    }
}
