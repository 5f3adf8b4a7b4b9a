pub(crate) mod bao;
