//! Custom properties of a map, a tile or an object, read as the type the importer expects,
//! with a message naming the property and what it holds otherwise.

use tiled::{Properties, PropertyValue};

/// What a value of a property is, for messages.
pub(super) fn type_name(v: &PropertyValue) -> String {
    match v {
        PropertyValue::BoolValue(b) => format!("a bool ({b})"),
        PropertyValue::FloatValue(f) => format!("a float ({f})"),
        PropertyValue::IntValue(i) => format!("an int ({i})"),
        PropertyValue::ColorValue(_) => "a color".to_string(),
        PropertyValue::StringValue(s) => format!("a string ({s:?})"),
        PropertyValue::FileValue(s) => format!("a file ({s:?})"),
        PropertyValue::ObjectValue(id) => format!("an object ({id})"),
        PropertyValue::ListValue(_) => "a list".to_string(),
        PropertyValue::ClassValue { .. } => "a class".to_string(),
    }
}

pub(super) fn prop_bool(props: &Properties, name: &str) -> Result<Option<bool>, String> {
    match props.get(name) {
        None => Ok(None),
        Some(PropertyValue::BoolValue(b)) => Ok(Some(*b)),
        Some(other) => Err(format!(
            "property \"{name}\" must be a bool, found {}",
            type_name(other)
        )),
    }
}

pub(super) fn prop_number(props: &Properties, name: &str) -> Result<Option<f32>, String> {
    match props.get(name) {
        None => Ok(None),
        Some(PropertyValue::FloatValue(f)) => Ok(Some(*f)),
        Some(PropertyValue::IntValue(i)) => Ok(Some(*i as f32)),
        Some(other) => Err(format!(
            "property \"{name}\" must be a float, found {}",
            type_name(other)
        )),
    }
}

pub(super) fn prop_string<'p>(
    props: &'p Properties,
    name: &str,
) -> Result<Option<&'p str>, String> {
    match props.get(name) {
        None => Ok(None),
        Some(PropertyValue::StringValue(s)) => Ok(Some(s)),
        Some(other) => Err(format!(
            "property \"{name}\" must be a string, found {}",
            type_name(other)
        )),
    }
}
