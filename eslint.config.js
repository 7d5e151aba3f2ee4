// ESLint for the web client (src/mnm/web: plain ES modules in the browser, no bundler). scripts/test.sh and
// tests/test_web_checks.py run `eslint src/mnm/web`; the recommended rules, and nothing about layout.
import js from "@eslint/js";
import globals from "globals";

export default [
  {
    ignores: [
      "node_modules/**",
      ".cache/**",
      "build/**",
    ],
  },
  js.configs.recommended,
  {
    files: ["src/mnm/web/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "no-unused-vars": ["error", { args: "none", caughtErrors: "none" }],
      eqeqeq: ["error", "always", { null: "ignore" }],
      "no-var": "error",
      "prefer-const": "error",
    },
  },
  {
    files: ["eslint.config.js"],
    languageOptions: { sourceType: "module", globals: { ...globals.node } },
  },
];
