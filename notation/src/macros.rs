//! Small declarative helpers shared by the model's word types.

/// Whether `v` is written exactly `s` (its canonical spelling), compared
/// piece by piece as it is written: no string is built.
pub(crate) fn displays_as(v: &impl std::fmt::Display, s: &str) -> bool {
    struct Eat<'s>(&'s str);
    impl std::fmt::Write for Eat<'_> {
        fn write_str(&mut self, piece: &str) -> std::fmt::Result {
            match self.0.strip_prefix(piece) {
                Some(rest) => {
                    self.0 = rest;
                    Ok(())
                }
                None => Err(std::fmt::Error),
            }
        }
    }
    let mut eat = Eat(s);
    std::fmt::write(&mut eat, format_args!("{v}")).is_ok() && eat.0.is_empty()
}

/// Implements `Serialize`/`Deserialize` through `Display`/`FromStr`, with
/// the exact canonical spelling required on input.
macro_rules! string_serde {
    ($ty:ty, $expecting:expr) => {
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }
        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$ty, D::Error> {
                // A borrowed string, checked without building one.
                struct V;
                impl serde::de::Visitor<'_> for V {
                    type Value = $ty;
                    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                        f.write_str("a string")
                    }
                    fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<$ty, E> {
                        match s.parse::<$ty>() {
                            Ok(v) if $crate::macros::displays_as(&v, s) => Ok(v),
                            _ => Err(E::custom(format!("`{s}` is not {}", $expecting))),
                        }
                    }
                }
                d.deserialize_str(V)
            }
        }
    };
}

/// Declares a word enum: its variants, their canonical words, and aliases
/// accepted on text input.
macro_rules! words {
    ($(#[$meta:meta])* $name:ident, $what:expr, { $($variant:ident = $word:literal $(| $alias:literal)*),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name { $(#[doc = concat!("`", $word, "`")] $variant),+ }

        impl $name {
            /// Every value, in the order declared.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];
            /// The canonical word.
            pub const fn word(self) -> &'static str {
                match self { $($name::$variant => $word),+ }
            }
            /// The other spellings read as this word on text input.
            pub const fn aliases(self) -> &'static [&'static str] {
                match self { $($name::$variant => &[$($alias),*]),+ }
            }
            /// The canonical word or an alias.
            pub fn from_word(w: &str) -> Option<$name> {
                match w { $($word $(| $alias)* => Some($name::$variant),)+ _ => None }
            }
            /// The canonical words, for a message saying what was expected.
            pub fn expected() -> String {
                [$($word),+].join(", ")
            }
        }
        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { f.write_str(self.word()) }
        }
        impl FromStr for $name {
            type Err = ();
            fn from_str(s: &str) -> Result<$name, ()> { $name::from_word(s).ok_or(()) }
        }
        string_serde!($name, $what);
    };
}
