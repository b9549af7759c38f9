/** True in the dev server, unit tests and the e2e build; false in a plain production build. */
declare const __TEST_PAGES__: boolean;
