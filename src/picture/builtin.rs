//! The pictures shipped with Slide, embedded so that a clone needs nothing else. They are
//! drawn by `scripts/make_pictures.py` (see `assets/pictures/LICENSE.md`).

/// The shipped pictures: name and PNG bytes.
pub const BUILTIN: [(&str, &[u8]); 4] = [
    ("sunset", include_bytes!("../../assets/pictures/sunset.png")),
    ("rings", include_bytes!("../../assets/pictures/rings.png")),
    ("mountains", include_bytes!("../../assets/pictures/mountains.png")),
    ("flower", include_bytes!("../../assets/pictures/flower.png")),
];

/// The PNG bytes of the shipped picture `name`, if there is one.
pub(crate) fn builtin(name: &str) -> Option<&'static [u8]> {
    BUILTIN.iter().find(|(n, _)| *n == name).map(|(_, b)| *b)
}
