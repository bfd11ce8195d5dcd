//! Small declarative helpers shared by the model's word types.

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
                let s = String::deserialize(d)?;
                match s.parse::<$ty>() {
                    Ok(v) if v.to_string() == s => Ok(v),
                    _ => Err(serde::de::Error::custom(format!(
                        "`{s}` is not {}",
                        $expecting
                    ))),
                }
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
        pub enum $name { $($variant),+ }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];
            pub fn word(self) -> &'static str {
                match self { $($name::$variant => $word),+ }
            }
            /// The canonical word or an alias.
            pub fn from_word(w: &str) -> Option<$name> {
                match w { $($word $(| $alias)* => Some($name::$variant),)+ _ => None }
            }
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
