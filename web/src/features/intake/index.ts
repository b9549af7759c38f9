// Public API of the intake feature: the category and grid trees other features' forms pick from.
export { gridTreeQuery, intakeCategoryQuery } from './api';
export { categoryTree, gridTree } from './trees';
