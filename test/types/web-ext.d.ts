// web-ext ships no types; only the part the Firefox e2e test uses.
declare module "web-ext" {
  interface RunOptions {
    sourceDir: string;
    firefox: string;
    noInput?: boolean;
    noReload?: boolean;
    args?: string[];
    startUrl?: string[];
  }
  const webExt: {
    cmd: {
      run(
        options: RunOptions,
        config: { shouldExitProgram: boolean },
      ): Promise<{ exit(): Promise<void> }>;
    };
  };
  export default webExt;
}
