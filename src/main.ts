/** Entry point of the `zenith` binary. */
import { main } from "./cli";

const code = await main(process.argv.slice(2));
// `serve` keeps running on its own listeners; every other command ends here.
if (process.argv[2] !== "serve" || code !== 0) process.exit(code);
