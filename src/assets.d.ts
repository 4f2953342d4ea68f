/** Files imported as text (`with { type: "text" }`) and embedded in the binary by src/embedded.ts. */
declare module "*.md" {
  const text: string;
  export default text;
}
declare module "*.css" {
  const text: string;
  export default text;
}
declare module "*/dist/assets/widget.js" {
  const text: string;
  export default text;
}
declare module "*/assets/dashboard/dashboard.js" {
  const text: string;
  export default text;
}
/** Files imported with `with { type: "file" }`: the path of the embedded copy. */
declare module "*.bin" {
  const path: string;
  export default path;
}
