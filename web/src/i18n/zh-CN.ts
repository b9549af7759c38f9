/** Chinese (default) texts of the console. en-US.ts must have the same keys. */
const zhCN = {
  app: {
    defaultTitle: '12345 接诉即办管理系统',
    loading: '加载中…',
    home: '首页',
    loadError: '页面加载失败',
    reload: '重新加载',
    language: '语言',
  },
  login: {
    title: '账号登录',
    pageTitle: '登录',
    username: '用户名',
    password: '密码',
    submit: '登录',
    usernameEmpty: '用户名不能为空',
    passwordShort: '密码不能少于6位',
    tokenMissing: '登录接口异常，未正确返回token',
  },
  home: {
    greetingLine: '{{greeting}}，{{name}}',
    placeholder: '控制台外壳将在后续版本提供',
    placeholderHint:
      '当前为基础版本：登录、会话与菜单数据已接入，完整的布局、标签页与工单页面将在后续版本中实现。',
    unit: '所属单位',
    roles: '角色',
    username: '账号',
    menu: '菜单',
    menuEmpty: '当前账号没有可用菜单',
    menuLoadFailed: '菜单加载失败',
    logout: '退出登录',
  },
  greeting: {
    morning: '早上好',
    forenoon: '上午好',
    noon: '中午好',
    afternoon: '下午好',
    evening: '晚上好',
  },
  errors: {
    userInfoInvalid: '用户信息核心接口异常，请检查返回JSON格式是否正确',
  },
};

export default zhCN;
export type Messages = typeof zhCN;
