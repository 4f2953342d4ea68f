/** Loaded before every test file (bunfig.toml): servers a test left running die with the run. */
import { afterAll } from "bun:test";
import { killLiveServers } from "./binary";

afterAll(killLiveServers);
