// The few React Native components the pages' examples use, declared here because installing `react-native` in
// the workspace would download its Hermes compiler binaries for every checkout. The props follow React Native's
// own declarations (View, Text and Button of react-native 0.88) for what the examples pass. Used only when the
// checker cannot resolve a real `react-native`: an installed one takes precedence (see tsconfigFor in run.mjs).
declare module 'react-native' {
  import type { ComponentType, ReactNode } from 'react';

  export interface ViewProps {
    children?: ReactNode;
    testID?: string;
    accessibilityLabel?: string;
  }
  export interface TextProps {
    children?: ReactNode;
    selectable?: boolean;
    numberOfLines?: number;
    testID?: string;
  }
  export interface ButtonProps {
    title: string;
    onPress?: () => void;
    disabled?: boolean;
    color?: string;
    accessibilityLabel?: string;
    testID?: string;
  }
  export const View: ComponentType<ViewProps>;
  export const Text: ComponentType<TextProps>;
  export const Button: ComponentType<ButtonProps>;
}
