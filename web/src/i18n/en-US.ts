import type { Messages } from './zh-CN';

const enUS: Messages = {
  app: {
    defaultTitle: '12345 Hotline Work-Order System',
    loading: 'Loading…',
    home: 'Home',
    loadError: 'The page could not be loaded',
    reload: 'Reload',
    language: 'Language',
  },
  login: {
    title: 'Sign in',
    pageTitle: 'Login',
    username: 'User name',
    password: 'Password',
    submit: 'Log in',
    usernameEmpty: 'user name cannot be empty',
    passwordShort: 'password cannot be less than 6 digits',
    tokenMissing: 'login interface abnormal, token not returned',
  },
  home: {
    greetingLine: '{{greeting}}, {{name}}',
    placeholder: 'The full console shell comes next',
    placeholderHint:
      'This is the foundation release: login, session and menu data are connected; the full layout, tabs and work-order pages follow in later releases.',
    unit: 'Unit',
    roles: 'Roles',
    username: 'Account',
    menu: 'Menu',
    menuEmpty: 'This account has no menu entries',
    menuLoadFailed: 'The menu could not be loaded',
    logout: 'Log out',
  },
  greeting: {
    morning: 'Good morning',
    forenoon: 'Good morning',
    noon: 'Good noon',
    afternoon: 'Good afternoon',
    evening: 'Good evening',
  },
  errors: {
    userInfoInvalid: 'user-info core interface abnormal, check the JSON format of the reply',
  },
};

export default enUS;
