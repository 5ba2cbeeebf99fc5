//! The seed systems rebuilt with tool-error, shared by the tour and the tests.
