//! Pre-parsed message and suggestion templates with `{field}` placeholders.

use core::fmt;

/// One piece of a [`Template`]: literal text or a reference to an interpolated value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Segment {
    /// Text written as is.
    Text(&'static str),
    /// The value in slot `n` of the variant's [`Arg`] list.
    Arg(u16),
}

/// A message or suggestion template, kept both as written (for the catalog and
/// reference docs) and pre-parsed (so rendering never re-parses or allocates).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Template {
    /// The template as written in the attribute, e.g. `Check '{model_id}' spelling`.
    pub source: &'static str,
    /// The parsed pieces.
    pub segments: &'static [Segment],
}

impl Template {
    /// A template without placeholders. An empty segment list means "the source is
    /// the text", which keeps literal templates to one pointer.
    pub const fn literal(text: &'static str) -> Self {
        Template {
            source: text,
            segments: &[],
        }
    }

    /// Whether the template interpolates any value.
    pub const fn is_static(&self) -> bool {
        let mut i = 0;
        while i < self.segments.len() {
            if let Segment::Arg(_) = self.segments[i] {
                return false;
            }
            i += 1;
        }
        true
    }

    /// Renders the template with the given argument slots.
    pub fn display<'a>(&'a self, args: &'a [Arg<'a>]) -> impl fmt::Display + 'a {
        Rendered {
            template: self,
            args,
        }
    }
}

/// A value interpolated into a template, formatted with `Display` (`{name}`) or
/// `Debug` (`{name:?}`).
#[derive(Clone, Copy)]
pub enum Arg<'a> {
    /// Formatted with `Display`.
    Display(&'a dyn fmt::Display),
    /// Formatted with `Debug`.
    Debug(&'a dyn fmt::Debug),
}

impl fmt::Debug for Arg<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Arg::Display(value) => write!(f, "Display({value})"),
            Arg::Debug(value) => write!(f, "Debug({value:?})"),
        }
    }
}

struct Rendered<'a> {
    template: &'a Template,
    args: &'a [Arg<'a>],
}

impl fmt::Display for Rendered<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A template without segments is a literal: its source is the text.
        if self.template.segments.is_empty() {
            return f.write_str(self.template.source);
        }
        for segment in self.template.segments {
            match *segment {
                Segment::Text(text) => f.write_str(text)?,
                Segment::Arg(slot) => match self.args.get(usize::from(slot)) {
                    Some(Arg::Display(value)) => fmt::Display::fmt(value, f)?,
                    Some(Arg::Debug(value)) => fmt::Debug::fmt(value, f)?,
                    // Tables written by hand can disagree with the argument list; show the
                    // gap instead of failing the whole render.
                    None => f.write_str("{?}")?,
                },
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_text_and_args() {
        const T: Template = Template {
            source: "Model '{id}' not found ({n:?})",
            segments: &[
                Segment::Text("Model '"),
                Segment::Arg(0),
                Segment::Text("' not found ("),
                Segment::Arg(1),
                Segment::Text(")"),
            ],
        };
        let id = "m1";
        let n = "x";
        let args = [Arg::Display(&id), Arg::Debug(&n)];
        assert_eq!(T.display(&args).to_string(), "Model 'm1' not found (\"x\")");
        assert!(!T.is_static());
    }

    #[test]
    fn literal_renders_source_and_missing_slot_is_visible() {
        assert_eq!(Template::literal("plain").display(&[]).to_string(), "plain");
        const T: Template = Template {
            source: "{a}",
            segments: &[Segment::Arg(3)],
        };
        assert_eq!(T.display(&[]).to_string(), "{?}");
    }
}
