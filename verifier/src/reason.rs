//! What a payment is for, in plain words ([`crate::Payment::reason`]),
//! without an allocation per payment: most reasons are fixed words
//! (`"last trick"`, `"dealer's fee"`), the others are short and kept in
//! the reason itself (`"SK lost in trick 7"`, paid by one player to two
//! others and into a pot), or longer and shared by the payments they
//! explain.

use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

/// The longest words kept in the reason itself, without an allocation.
const SHORT: usize = 46;

/// Plain words: fixed, short and kept inline, or longer and shared. Reads
/// as a `str`; written to JSON as a string. Write one with
/// `reason!`, as `format!` writes a `String`.
#[derive(Clone)]
pub struct Reason(Repr);

#[derive(Clone)]
enum Repr {
    Fixed(&'static str),
    Short(u8, [u8; SHORT]),
    Long(Arc<str>),
}

/// Writes plain words as `format!` does, into a [`Reason`]: no allocation
/// for fixed words or up to 46 bytes.
macro_rules! reason {
    ($($arg:tt)*) => {
        $crate::reason::Reason::format(format_args!($($arg)*))
    };
}
pub(crate) use reason;

impl Reason {
    /// The words of `args`, kept inline when they are short.
    pub fn format(args: fmt::Arguments<'_>) -> Reason {
        if let Some(s) = args.as_str() {
            return Reason(Repr::Fixed(s));
        }
        let mut w = Writer {
            buf: [0; SHORT],
            len: 0,
            long: None,
        };
        let _ = fmt::write(&mut w, args);
        match w.long {
            Some(s) => Reason(Repr::Long(s.into())),
            None => Reason(Repr::Short(w.len as u8, w.buf)),
        }
    }
}

impl Reason {
    /// The words `parts` written one after the other, as [`Reason::format`]
    /// would write them, without the formatting machinery (hot paths: a
    /// payment per card lost, per count).
    pub fn concat(parts: &[&str]) -> Reason {
        // The length first: short words are copied straight in, longer
        // ones joined at once (the words [`Reason::format`] would keep).
        let len: usize = parts.iter().map(|p| p.len()).sum();
        if len > SHORT {
            return Reason(Repr::Long(parts.concat().into()));
        }
        let mut buf = [0; SHORT];
        let mut at = 0;
        for part in parts {
            buf[at..at + part.len()].copy_from_slice(part.as_bytes());
            at += part.len();
        }
        Reason(Repr::Short(len as u8, buf))
    }
}

// The numbers of reasons (`Reason::concat`) are written as the printer
// writes its numbers.
pub use notation::print::decimal;

/// Fills the inline buffer, and moves to a `String` when it is full.
struct Writer {
    buf: [u8; SHORT],
    len: usize,
    long: Option<String>,
}

impl fmt::Write for Writer {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        if let Some(long) = &mut self.long {
            long.push_str(s);
        } else if self.len + s.len() <= SHORT {
            self.buf[self.len..self.len + s.len()].copy_from_slice(s.as_bytes());
            self.len += s.len();
        } else {
            let mut long = String::with_capacity(2 * SHORT);
            long.push_str(self.text());
            long.push_str(s);
            self.long = Some(long);
        }
        Ok(())
    }
}

impl Writer {
    fn text(&self) -> &str {
        // Only whole `str`s are copied in: always UTF-8.
        std::str::from_utf8(&self.buf[..self.len]).unwrap_or_default()
    }
}

impl Deref for Reason {
    type Target = str;

    fn deref(&self) -> &str {
        match &self.0 {
            Repr::Fixed(s) => s,
            Repr::Short(len, buf) => std::str::from_utf8(&buf[..*len as usize]).unwrap_or_default(),
            Repr::Long(s) => s,
        }
    }
}

impl AsRef<str> for Reason {
    fn as_ref(&self) -> &str {
        self
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self)
    }
}

impl fmt::Debug for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

impl From<&'static str> for Reason {
    fn from(s: &'static str) -> Reason {
        Reason(Repr::Fixed(s))
    }
}

impl From<String> for Reason {
    fn from(s: String) -> Reason {
        if s.len() <= SHORT {
            let mut buf = [0; SHORT];
            buf[..s.len()].copy_from_slice(s.as_bytes());
            Reason(Repr::Short(s.len() as u8, buf))
        } else {
            Reason(Repr::Long(s.into()))
        }
    }
}

impl From<Reason> for String {
    fn from(r: Reason) -> String {
        r.to_string()
    }
}

impl PartialEq for Reason {
    fn eq(&self, other: &Reason) -> bool {
        **self == **other
    }
}

impl Eq for Reason {}

impl PartialEq<str> for Reason {
    fn eq(&self, other: &str) -> bool {
        **self == *other
    }
}

impl PartialEq<&str> for Reason {
    fn eq(&self, other: &&str) -> bool {
        **self == **other
    }
}

impl serde::Serialize for Reason {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self)
    }
}

/// The words of an event, written only when the caller wants events:
/// `format_args!(...)` at the call site costs nothing until then.
pub trait Words {
    fn words(self) -> String;
}

impl Words for String {
    fn words(self) -> String {
        self
    }
}

impl Words for &str {
    fn words(self) -> String {
        self.to_owned()
    }
}

impl Words for fmt::Arguments<'_> {
    fn words(self) -> String {
        self.to_string()
    }
}

/// Words made by a function, called only when the words are wanted (an
/// event a verify run does not record costs nothing).
pub struct Lazy<F>(pub F);

impl<F: FnOnce() -> String> Words for Lazy<F> {
    fn words(self) -> String {
        (self.0)()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lazy_words_are_the_functions_and_made_once_wanted() {
        let calls = std::cell::Cell::new(0);
        let lazy = Lazy(|| {
            calls.set(calls.get() + 1);
            format!("seat {} is the declarer", 2)
        });
        assert_eq!(calls.get(), 0);
        assert_eq!(lazy.words(), "seat 2 is the declarer");
        assert_eq!(calls.get(), 1);
    }

    #[test]
    fn a_reason_reads_and_serializes_as_its_words() {
        let fixed = Reason::from("last trick");
        let written = Reason::from(format!("{} lost in trick {}", "SK", 7));
        assert_eq!(&*fixed, "last trick");
        assert_eq!(written, "SK lost in trick 7");
        assert_eq!(
            format!("{written:?}"),
            format!("{:?}", "SK lost in trick 7")
        );
        let quoted = Reason::from("a \"quoted\" \\ word");
        assert_eq!(
            serde_json::to_string(&quoted).unwrap(),
            serde_json::to_string("a \"quoted\" \\ word").unwrap()
        );
        assert_eq!(serde_json::to_string(&fixed).unwrap(), "\"last trick\"");
        // Short words are kept inline, long ones shared by the copies.
        assert!(matches!(written.0, Repr::Short(..)));
        let long = crate::reason!("{} {}", "a".repeat(40), "b".repeat(40));
        assert_eq!(&*long, format!("{} {}", "a".repeat(40), "b".repeat(40)));
        let copy = long.clone();
        match (&long.0, &copy.0) {
            (Repr::Long(a), Repr::Long(b)) => assert!(Arc::ptr_eq(a, b)),
            _ => panic!("long words are shared"),
        }
        // Exactly full, one byte over, multi-byte characters.
        for n in [45, 46, 47] {
            let text = format!("{}×", "x".repeat(n - 2));
            let r = crate::reason!("{}", text);
            assert_eq!(&*r, text);
            assert_eq!(Reason::from(text.clone()), r);
            let concat = Reason::concat(&["", &text[..3], "", &text[3..]]);
            assert_eq!(&*concat, text);
            assert_eq!(matches!(concat.0, Repr::Short(..)), text.len() <= SHORT);
        }
        assert!(matches!(crate::reason!("last trick").0, Repr::Fixed(_)));
    }
}
