CREATE SCHEMA "generation";
