//! A decoded picture: a PNG or JPEG, cropped to a square, and why one could not be used.

use std::path::{Path, PathBuf};

use image::{ImageFormat, RgbImage};
use thiserror::Error;

use crate::excerpt::excerpt;
use crate::picture::builtin::{BUILTIN, builtin};

/// One pixel: red, green, blue.
pub type Rgb = [u8; 3];

/// A decoded picture, cropped to a square.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picture {
    /// What it was loaded from: a shipped picture's name or a file's path.
    pub name: String,
    image: RgbImage,
}

/// Why a picture could not be used.
#[derive(Debug, Error)]
pub enum PictureError {
    /// Neither a shipped picture's name nor a file that exists.
    #[error("no picture '{name}': name a file (PNG or JPEG) or one of: {names}")]
    Unknown {
        /// What was asked for.
        name: String,
        /// The shipped pictures' names.
        names: String,
    },
    /// The file could not be read.
    #[error("cannot read the picture {}: {source}", excerpt(&path.display().to_string()))]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not a PNG or JPEG.
    #[error("{} is not a PNG or JPEG picture", excerpt(what))]
    Format {
        /// The file (or name).
        what: String,
    },
    /// A PNG or JPEG that does not decode.
    #[error("{} could not be decoded: {message}", excerpt(what))]
    Decode {
        /// The file (or name).
        what: String,
        /// The decoder's message.
        message: String,
    },
    /// A picture with no pixels.
    #[error("{} is empty (0 pixels wide or high)", excerpt(what))]
    Empty {
        /// The file (or name).
        what: String,
    },
}

impl Picture {
    /// The picture `spec` names: a shipped picture's name first, else a file's path.
    pub fn resolve(spec: &str) -> Result<Picture, PictureError> {
        if let Some(bytes) = builtin(spec) {
            return Picture::decode(spec, bytes);
        }
        let path = Path::new(spec);
        // A bare word that is no shipped name and no file is most likely a mistyped name.
        if !path.exists() && !spec.contains(['/', '\\', '.']) {
            return Err(PictureError::Unknown {
                name: excerpt(spec),
                names: BUILTIN.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", "),
            });
        }
        Picture::open(path)
    }

    /// Reads and decodes a PNG or JPEG file.
    pub fn open(path: &Path) -> Result<Picture, PictureError> {
        let bytes = std::fs::read(path).map_err(|source| PictureError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        Picture::decode(&path.display().to_string(), &bytes)
    }

    /// Decodes PNG or JPEG `bytes`; `what` names them in errors.
    pub fn decode(what: &str, bytes: &[u8]) -> Result<Picture, PictureError> {
        let format = image::guess_format(bytes)
            .ok()
            .filter(|f| matches!(f, ImageFormat::Png | ImageFormat::Jpeg))
            .ok_or_else(|| PictureError::Format { what: what.to_string() })?;
        let decoded = image::load_from_memory_with_format(bytes, format).map_err(|e| PictureError::Decode {
            what: what.to_string(),
            message: e.to_string(),
        })?;
        let rgb = decoded.to_rgb8();
        let (w, h) = rgb.dimensions();
        if w == 0 || h == 0 {
            return Err(PictureError::Empty { what: what.to_string() });
        }
        // The middle square: a board is square, and a stretched picture looks wrong.
        let side = w.min(h);
        let square = image::imageops::crop_imm(&rgb, (w - side) / 2, (h - side) / 2, side, side).to_image();
        Ok(Picture {
            name: what.to_string(),
            image: square,
        })
    }

    /// The side of the square picture, in pixels.
    pub fn side(&self) -> u32 {
        self.image.width()
    }

    /// The middle of the picture in the proportions `aspect` (width to height), scaled to
    /// `w` × `h` pixels (a triangle filter: each pixel averages the source pixels under it,
    /// so small boards keep the picture's colours, not noise). A square aspect takes it all.
    pub(crate) fn scaled_cut(&self, (aw, ah): (u32, u32), w: u32, h: u32) -> RgbImage {
        let side = self.image.width();
        let (aw, ah) = (aw.max(1), ah.max(1));
        let (cw, ch) = if aw >= ah {
            (side, (side * ah / aw).max(1))
        } else {
            ((side * aw / ah).max(1), side)
        };
        let middle = image::imageops::crop_imm(&self.image, (side - cw) / 2, (side - ch) / 2, cw, ch).to_image();
        image::imageops::resize(&middle, w.max(1), h.max(1), image::imageops::FilterType::Triangle)
    }

    /// The name to show: a shipped picture's name, or a file's name without its folder.
    pub fn short_name(&self) -> String {
        Path::new(&self.name)
            .file_name()
            .map_or_else(|| self.name.clone(), |n| n.to_string_lossy().into_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_picture_decodes_square() {
        for (name, _) in BUILTIN {
            let p = Picture::resolve(name).unwrap();
            assert!(p.side() >= 48, "{name} is {} pixels", p.side());
            assert_eq!(p.name, *name);
        }
    }

    #[test]
    fn bad_pictures_are_typed_errors() {
        let unknown = Picture::resolve("sunsett").unwrap_err();
        assert!(matches!(unknown, PictureError::Unknown { .. }));
        assert!(unknown.to_string().contains("sunset"), "{unknown}");
        let missing = Picture::resolve("no/such/file.png").unwrap_err();
        assert!(matches!(missing, PictureError::Read { .. }), "{missing}");
        let text = Picture::decode("notes.txt", b"hello, not a picture").unwrap_err();
        assert!(matches!(text, PictureError::Format { .. }), "{text}");
        // A GIF is a picture, but not one of the two codecs built in.
        let gif = Picture::decode("a.gif", b"GIF89a\x01\x00\x01\x00\x00\x00\x00;").unwrap_err();
        assert!(matches!(gif, PictureError::Format { .. }), "{gif}");
        // A PNG cut short: the signature says PNG, the rest is missing.
        let bytes = builtin("sunset").unwrap();
        let cut = Picture::decode("cut.png", &bytes[..bytes.len() / 2]).unwrap_err();
        assert!(matches!(cut, PictureError::Decode { .. }), "{cut}");
    }

    #[test]
    fn a_jpeg_decodes() {
        let mut img = RgbImage::new(16, 16);
        for (x, y, p) in img.enumerate_pixels_mut() {
            *p = image::Rgb([(x * 16) as u8, (y * 16) as u8, 128]);
        }
        let mut bytes = Vec::new();
        img.write_to(&mut std::io::Cursor::new(&mut bytes), ImageFormat::Jpeg)
            .unwrap();
        let p = Picture::decode("photo.jpg", &bytes).unwrap();
        assert_eq!(p.side(), 16);
        assert_eq!(p.short_name(), "photo.jpg");
    }

    #[test]
    fn a_wide_picture_is_cropped_to_its_middle() {
        let mut img = RgbImage::new(30, 10);
        for (x, _, p) in img.enumerate_pixels_mut() {
            *p = image::Rgb(if (10..20).contains(&x) {
                [0, 200, 0]
            } else {
                [200, 0, 0]
            });
        }
        let mut bytes = Vec::new();
        img.write_to(&mut std::io::Cursor::new(&mut bytes), ImageFormat::Png)
            .unwrap();
        let p = Picture::decode("wide.png", &bytes).unwrap();
        assert_eq!(p.side(), 10);
        assert!(
            p.image.pixels().all(|px| px.0 == [0, 200, 0]),
            "only the middle is kept"
        );
    }
}
