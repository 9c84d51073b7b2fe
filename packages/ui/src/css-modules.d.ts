/** A CSS module's class names (Vite builds the apps; packages/ui has no Vite types of its own). */
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
