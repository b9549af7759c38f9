import type { ComponentType } from 'react';
import type { LayoutName } from '../../../features/theme/settings';
import { ColumnLayout } from './ColumnLayout';
import { CommonLayout } from './CommonLayout';
import { ComprehensiveLayout } from './ComprehensiveLayout';
import { FloatLayout } from './FloatLayout';
import { HorizontalLayout } from './HorizontalLayout';
import type { LayoutProps } from './types';
import { VerticalLayout } from './VerticalLayout';

export const LAYOUT_COMPONENTS: Record<LayoutName, ComponentType<LayoutProps>> = {
  column: ColumnLayout,
  comprehensive: ComprehensiveLayout,
  vertical: VerticalLayout,
  horizontal: HorizontalLayout,
  common: CommonLayout,
  float: FloatLayout,
};
