package app.motema;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
