//! Reading a JSON value with serde so that an error names the field it is about
//! (`cars.Blue.tyres: invalid type: string "x", expected u8`): serde_json's own errors from a
//! value name no field, and a person fixing a hand-edited position needs to know which one.
//! Lists count from 1 in the path, as people count.
use alloc::format;
use alloc::string::{String, ToString};
use core::cell::RefCell;
use serde::de::value::BorrowedStrDeserializer;
use serde::de::{DeserializeOwned, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::forward_to_deserialize_any;
use serde_json::{Error, Value};

/// `v` as a `T`, or the error with the path of the field it is about (`at` is the path of `v`).
pub fn read<T: DeserializeOwned>(v: &Value, at: &str) -> Result<T, String> {
    let first = RefCell::new(None);
    let node = At {
        v,
        path: at.to_string(),
        first: &first,
    };
    T::deserialize(node).map_err(|e| {
        let path = first.borrow_mut().take().unwrap_or_else(|| at.to_string());
        if path.is_empty() {
            e.to_string()
        } else {
            format!("{path}: {e}")
        }
    })
}

/// A value and where it is; `first` keeps the deepest path that failed (the first to note it).
struct At<'a> {
    v: &'a Value,
    path: String,
    first: &'a RefCell<Option<String>>,
}

impl<'a> At<'a> {
    fn note(&self, e: Error) -> Error {
        let mut first = self.first.borrow_mut();
        if first.is_none() {
            *first = Some(self.path.clone());
        }
        e
    }

    fn child(&self, v: &'a Value, key: &str) -> At<'a> {
        let path = if self.path.is_empty() {
            key.to_string()
        } else {
            format!("{}.{key}", self.path)
        };
        At {
            v,
            path,
            first: self.first,
        }
    }
}

impl<'de> Deserializer<'de> for At<'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let got = match self.v {
            Value::Object(m) => visitor.visit_map(Fields {
                at: &self,
                iter: m.iter(),
                next: None,
            }),
            Value::Array(a) => visitor.visit_seq(Items {
                at: &self,
                iter: a.iter().enumerate(),
            }),
            v => v.deserialize_any(visitor),
        };
        got.map_err(|e| self.note(e))
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.v {
            Value::Null => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        let got = self.v.deserialize_enum(name, variants, visitor);
        got.map_err(|e| self.note(e))
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        unit unit_struct seq tuple tuple_struct map struct identifier ignored_any
    }
}

struct Fields<'b, 'a> {
    at: &'b At<'a>,
    iter: serde_json::map::Iter<'a>,
    next: Option<(&'a str, &'a Value)>,
}

impl<'de> MapAccess<'de> for Fields<'_, 'de> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        let Some((k, v)) = self.iter.next() else {
            return Ok(None);
        };
        self.next = Some((k.as_str(), v));
        seed.deserialize(BorrowedStrDeserializer::new(k.as_str()))
            .map(Some)
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, Error> {
        let (k, v) = self.next.take().unwrap_or(("", &Value::Null));
        seed.deserialize(self.at.child(v, k))
    }
}

struct Items<'b, 'a> {
    at: &'b At<'a>,
    iter: core::iter::Enumerate<core::slice::Iter<'a, Value>>,
}

impl<'de> SeqAccess<'de> for Items<'_, 'de> {
    type Error = Error;

    fn next_element_seed<S: DeserializeSeed<'de>>(
        &mut self,
        seed: S,
    ) -> Result<Option<S::Value>, Error> {
        let Some((i, v)) = self.iter.next() else {
            return Ok(None);
        };
        seed.deserialize(self.at.child(v, &(i + 1).to_string()))
            .map(Some)
    }
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;
    use serde_json::json;

    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Car {
        name: String,
        tyres: u8,
        hand: Option<alloc::vec::Vec<String>>,
    }

    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Top {
        cars: alloc::vec::Vec<Car>,
    }

    #[test]
    fn an_error_names_the_field_it_is_about() {
        let bad = |v| super::read::<Top>(&v, "position").unwrap_err();
        let e = bad(json!({"cars": [{"name": "Blue", "tyres": 3}, {"name": "Red", "tyres": "x"}]}));
        assert!(e.starts_with("position.cars.2.tyres: invalid type"), "{e}");
        let e = bad(json!({"cars": [{"name": "Blue", "tyres": 300}]}));
        assert!(
            e.starts_with("position.cars.1.tyres: invalid value: integer `300`"),
            "{e}"
        );
        let e = bad(json!({"cars": [{"name": "Blue", "tyres": 3, "hand": ["1", 2]}]}));
        assert!(e.starts_with("position.cars.1.hand.2: invalid type"), "{e}");
        let e = bad(json!({"cars": [{"name": "Blue"}]}));
        assert_eq!(e, "position.cars.1: missing field `tyres`");
        let e = bad(json!({"cars": 3}));
        assert!(
            e.starts_with("position.cars: invalid type: integer `3`"),
            "{e}"
        );
        let ok = super::read::<Top>(
            &json!({"cars": [{"name": "B", "tyres": 1, "hand": null}]}),
            "p",
        );
        assert!(ok.is_ok());
    }
}
