/**
 * Every migration, in order, imported as code so they live inside the compiled binary
 * (a folder migrator would look for SQL files the binary does not have).
 * Append new ones; never edit or reorder one that has shipped.
 */
import core from "./0001-core";
import engine from "./0002-engine";
import dashboard from "./0004-dashboard";
import widget from "./0003-widget";
import leanLog from "./0005-lean-log";
import journalState from "./0006-journal-state";
import widgetSessionBindings from "./0007-widget-session-bindings";

export interface Migration {
  name: string;
  sql: string;
}

export const MIGRATIONS: Migration[] = [{ name: "0001-core", sql: core }, { name: "0002-engine", sql: engine }, { name: "0004-dashboard", sql: dashboard }, { name: "0003-widget", sql: widget }, { name: "0005-lean-log", sql: leanLog }, { name: "0006-journal-state", sql: journalState }, { name: "0007-widget-session-bindings", sql: widgetSessionBindings }];
