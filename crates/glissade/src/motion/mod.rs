//! Move and slide: moving a body through the world without tunnelling, sinking or snagging.
//!
//! [`move_and_slide`] moves one body (in `step`), [`move_bodies`] many against one another by
//! relative motion (in `bodies`: the movers as the step reads them in `bodies_item`, found
//! among one another through `bodies_bins`, each body's move in `bodies_move`, made whole
//! without a sweep when the world finds nothing in its way in `unobstructed`, on several
//! threads with the `parallel` feature in `bodies_parallel`);
//! both respond to what they meet as [`Response`] says, with the
//! settings of [`MoveConfig`]. A push out of an overlap never enters the level (`push`); the
//! step-halving search of the pixel-art preset is kept beside the exact cast for comparison
//! (`bisection`). Each reports a [`MoveResult`] (`result`), with the sensors its path touched,
//! tested segment by segment (`sensors`).

mod bisection;
mod bodies;
mod bodies_bins;
mod bodies_item;
mod bodies_move;
#[cfg(feature = "parallel")]
mod bodies_parallel;
mod config;
mod push;
mod response;
mod result;
mod sensors;
mod step;
mod unobstructed;

pub use bodies::move_bodies;
pub use bodies_item::BodyMove;
pub use config::{
    DEFAULT_MAX_ITERATIONS, DEFAULT_SKIN, MAX_BISECTION_STEPS, MAX_ITERATIONS, MoveConfig,
    MoveError, MoveStrategy,
};
pub(crate) use config::{SkinRule, back_off, check_move_settings, check_vector};
pub(crate) use push::push_clear;
pub use response::{Response, ResponseFn, bounce_velocity, reflect, slide_velocity};
pub use result::{MoveContact, MoveResult};
pub use sensors::SensorContact;
pub(crate) use sensors::{merge_sensors, sensors_on_path};
pub(crate) use step::{ContactHook, HookAction, check_start, plan_move_with_planes};
pub use step::{Mover, move_and_slide, move_and_slide_with_velocity};
pub(crate) use unobstructed::{unobstructed_move, unobstructed_moves_apply};
